//! Every word the widgets and the portal show, in English and Russian, and dates in each locale's
//! style.
//!
//! The table is the only place UI text lives: templates hold markup and punctuation only, so a
//! missing translation is a compile error. Nothing here reads data or formats user text.

use crate::domain::Locale;

macro_rules! texts {
    ($($key:ident => $en:literal, $ru:literal;)+) => {
        /// One piece of UI text. `{n}` and similar are placeholders filled by the caller.
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum T { $($key),+ }

        impl T {
            pub const ALL: &'static [T] = &[$(T::$key),+];

            pub fn en(self) -> &'static str {
                match self { $(T::$key => $en),+ }
            }

            pub fn ru(self) -> &'static str {
                match self { $(T::$key => $ru),+ }
            }
        }
    };
}

texts! {
    NotFoundTitle => "Page not found", "Страница не найдена";
    NotFoundBody => "This widget is not available.", "Этот виджет недоступен.";
    UnavailableTitle => "Temporarily unavailable", "Временно недоступно";
    UnavailableBody => "The widget cannot be shown right now. Please try again in a minute.", "Виджет сейчас не может быть показан. Попробуйте через минуту.";
    OpenOnPortal => "Open on the portal", "Открыть на портале";
    Bracket => "Bracket", "Сетка";
    Registration => "Registration", "Регистрация";
    Standings => "Standings", "Таблица";
    Calendar => "Calendar", "Календарь";
    StatusAnnounced => "Announced", "Анонсирован";
    StatusRegistrationOpen => "Registration open", "Регистрация открыта";
    StatusRegistrationClosed => "Registration closed", "Регистрация закрыта";
    StatusInProgress => "In progress", "Идёт";
    StatusCompleted => "Completed", "Завершён";
    StatusCancelled => "Cancelled", "Отменён";
    Starts => "Starts", "Начало";
    PlacesTaken => "Places taken", "Занято мест";
    PlacesLeft => "Places left", "Осталось мест";
    RegisterButton => "Register on the portal", "Зарегистрироваться на портале";
    RegNotYetOpen => "Registration has not opened yet.", "Регистрация ещё не открыта.";
    RegOpensAt => "Registration opens", "Регистрация откроется";
    RegClosesAt => "Registration closes", "Регистрация закроется";
    RegFull => "All places are taken.", "Все места заняты.";
    RegClosed => "Registration is closed.", "Регистрация закрыта.";
    RegInProgress => "The tournament is under way; registration is over.", "Турнир уже идёт, регистрация завершена.";
    RegCompleted => "The tournament has finished.", "Турнир завершён.";
    RegCancelled => "The tournament has been cancelled.", "Турнир отменён.";
    NotStarted => "The tournament has not started yet: the bracket appears after the draw.", "Турнир ещё не начался: сетка появится после жеребьёвки.";
    StandingsNotStarted => "The tournament has not started yet: standings appear once games are played.", "Турнир ещё не начался: таблица появится после первых игр.";
    Round => "Round {n}", "Тур {n}";
    Final => "Final", "Финал";
    SemiFinals => "Semi-finals", "Полуфиналы";
    QuarterFinals => "Quarter-finals", "Четвертьфиналы";
    ThirdPlace => "Third place match", "Матч за третье место";
    WinnersBracket => "Winners bracket", "Верхняя сетка";
    LosersBracket => "Losers bracket", "Нижняя сетка";
    WinnersRound => "Winners round {n}", "Верхняя сетка, раунд {n}";
    LosersRound => "Losers round {n}", "Нижняя сетка, раунд {n}";
    WinnersFinal => "Winners final", "Финал верхней сетки";
    LosersFinal => "Losers final", "Финал нижней сетки";
    GrandFinal => "Grand final", "Гранд-финал";
    GrandFinalReset => "Grand final, deciding match", "Гранд-финал, решающий матч";
    Playoffs => "Playoffs", "Плей-офф";
    Group => "Group {n}", "Группа {n}";
    ToBeDecided => "to be decided", "определится";
    Bye => "bye", "пропуск";
    Won => "W", "В";
    Lost => "L", "П";
    Forfeit => "forfeit", "неявка";
    Rank => "Rank", "Место";
    Participant => "Participant", "Участник";
    Played => "Played", "Игры";
    Wins => "Wins", "Победы";
    Draws => "Draws", "Ничьи";
    Losses => "Losses", "Поражения";
    ScoreDiff => "Difference", "Разница";
    Points => "Points", "Очки";
    BestPlace => "Best place", "Лучшее место";
    Place => "Place", "Место";
    InTheRunning => "still playing", "ещё играет";
    HeadToHead => "Head-to-head", "Личные встречи";
    ScoreFor => "Scored", "Забито";
    Buchholz => "Buchholz", "Бухгольц";
    MedianBuchholz => "Median Buchholz", "Усечённый Бухгольц";
    SonnebornBerger => "Sonneborn-Berger", "Зоннеборн-Бергер";
    Upcoming => "Upcoming", "Предстоящие";
    Past => "Past", "Прошедшие";
    NoTournaments => "No tournaments yet.", "Турниров пока нет.";
    Subscribe => "Subscribe to this calendar", "Подписаться на календарь";
    Results => "Results", "Результаты";
    SkipToContent => "Skip to content", "Перейти к содержанию";
    PortalTitle => "Tournaments", "Турниры";
    PortalIntro => "Organisers and their published tournaments.", "Организаторы и их опубликованные турниры.";
    NoSpaces => "No tournaments are published yet.", "Опубликованных турниров пока нет.";
    TournamentCount => "Tournaments: {n}", "Турниров: {n}";
    PageNotFoundBody => "There is no such page here.", "Здесь нет такой страницы.";
    PageUnavailableBody => "The page cannot be shown right now. Please try again in a minute.", "Страница сейчас не может быть показана. Попробуйте через минуту.";
    Organiser => "Organiser", "Организатор";
    Game => "Game", "Игра";
    Format => "Format", "Формат";
    Status => "Status", "Статус";
    About => "About the tournament", "О турнире";
    FormatSingleElimination => "Single elimination", "Олимпийская система";
    FormatDoubleElimination => "Double elimination", "Двойное выбывание";
    FormatRoundRobin => "Round robin", "Круговая система";
    FormatSwiss => "Swiss system", "Швейцарская система";
    FormatGroupsPlayoffs => "Groups, then playoffs", "Группы и плей-офф";
    FormatFreeForAll => "Free for all", "Все против всех";
    Participants => "Participants", "Участники";
    Seed => "Seed", "Посев";
    NoParticipants => "Nobody has registered yet.", "Пока никто не зарегистрировался.";
    NameLabel => "Name in the bracket", "Имя в сетке";
    NameHint => "Up to 64 characters; other players will see it.", "До 64 символов; его увидят другие игроки.";
    EmailLabel => "Email address", "Электронная почта";
    EmailHint => "Only the organiser sees it.", "Её видит только организатор.";
    RegisterSubmit => "Register", "Зарегистрироваться";
    ErrorSummary => "The registration was not made:", "Регистрация не выполнена:";
    ErrNameBlank => "Enter a name.", "Введите имя.";
    ErrNameLong => "The name is longer than 64 characters.", "Имя длиннее 64 символов.";
    ErrNameChars => "The name contains characters that are not allowed.", "В имени есть недопустимые символы.";
    ErrNameTaken => "This name is already registered in the tournament.", "Это имя уже зарегистрировано в турнире.";
    ErrEmailBlank => "Enter an email address.", "Введите адрес электронной почты.";
    ErrEmailInvalid => "Enter an email address such as name@example.org.", "Введите адрес вида name@example.org.";
    ErrEmailTaken => "This email address is already registered in the tournament.", "Этот адрес уже зарегистрирован в турнире.";
    ErrNotOpen => "Registration is not open.", "Регистрация не открыта.";
    ErrCannotSave => "Your registration could not be saved right now, and nothing was registered. Please send it again in a few minutes.", "Сейчас не удалось сохранить регистрацию, и ничего не записано. Отправьте форму ещё раз через несколько минут.";
    ErrExpired => "The form has expired. Please send it again.", "Форма устарела. Отправьте её ещё раз.";
    ErrForeign => "This form can only be sent from this site.", "Эту форму можно отправить только с этого сайта.";
    ErrTooLarge => "The form is too large.", "Форма слишком большая.";
    ErrTooMany => "Too many attempts. Please wait a minute and try again.", "Слишком много попыток. Подождите минуту и попробуйте снова.";
    RegisteredTitle => "You are registered", "Вы зарегистрированы";
    RegisteredAs => "You are registered as {n}.", "Вы зарегистрированы под именем {n}.";
    WithdrawalLinkIntro => "Keep this private link: whoever has it can withdraw your registration. This page shows it again in this browser for a day, and to no one else.", "Сохраните эту личную ссылку: тот, у кого она есть, может отменить вашу регистрацию. Эта страница покажет её снова в этом браузере в течение суток и больше никому.";
    ShownOnce => "There is no registration from this browser to show here. In the browser you registered with, sending the form again with the same name and email address within a day shows your link again; otherwise the organiser can withdraw your registration.", "Здесь нет регистрации из этого браузера. В браузере, из которого вы регистрировались, повторная отправка формы с тем же именем и адресом в течение суток снова покажет ссылку; иначе отменить регистрацию может организатор.";
    BackToTournament => "Back to the tournament", "Вернуться к турниру";
    WithdrawTitle => "Withdraw a registration", "Отмена регистрации";
    WithdrawQuestion => "Withdraw {n} from the tournament?", "Отменить регистрацию участника {n}?";
    WithdrawSubmit => "Withdraw", "Отменить регистрацию";
    WithdrawnTitle => "Registration withdrawn", "Регистрация отменена";
    WithdrawnBody => "The registration has been withdrawn.", "Регистрация отменена.";
    LinkInvalidTitle => "This link is not valid", "Ссылка недействительна";
    LinkInvalidBody => "It was used already, or the registration no longer exists.", "Ею уже воспользовались, или регистрации больше нет.";
    WithdrawClosed => "Registrations can no longer be withdrawn: the tournament has started or ended.", "Регистрацию уже нельзя отменить: турнир начался или завершился.";
    CalendarFeed => "Calendar feed to subscribe to (.ics)", "Календарь для подписки (.ics)";
    Languages => "Language", "Язык";
}

impl T {
    /// The text in `locale`.
    pub fn get(self, locale: Locale) -> &'static str {
        match locale {
            Locale::En => self.en(),
            Locale::Ru => self.ru(),
        }
    }

    /// The text in `locale` with `{n}` replaced.
    pub fn with(self, locale: Locale, n: impl std::fmt::Display) -> String {
        self.get(locale).replace("{n}", &n.to_string())
    }

    /// The localized name of a tournament status (a draft reads as announced: it is never shown).
    pub fn status(status: crate::domain::TournamentStatus) -> T {
        use crate::domain::TournamentStatus as S;
        match status {
            S::Draft | S::Announced => T::StatusAnnounced,
            S::RegistrationOpen => T::StatusRegistrationOpen,
            S::RegistrationClosed => T::StatusRegistrationClosed,
            S::InProgress => T::StatusInProgress,
            S::Completed => T::StatusCompleted,
            S::Cancelled => T::StatusCancelled,
        }
    }

    /// The localized name of a format.
    pub fn format(format: crate::domain::Format) -> T {
        use crate::domain::Format as F;
        match format {
            F::SingleElimination => T::FormatSingleElimination,
            F::DoubleElimination => T::FormatDoubleElimination,
            F::RoundRobin => T::FormatRoundRobin,
            F::Swiss => T::FormatSwiss,
            F::GroupsPlayoffs => T::FormatGroupsPlayoffs,
            F::FreeForAll => T::FormatFreeForAll,
        }
    }

    /// The name of a standings tiebreaker key, or the key itself for one this table lacks.
    pub fn tiebreaker(key: &str) -> Option<T> {
        Some(match key {
            "head_to_head" => T::HeadToHead,
            "score_diff" => T::ScoreDiff,
            "score_for" => T::ScoreFor,
            "buchholz" => T::Buchholz,
            "median_buchholz" => T::MedianBuchholz,
            "sonneborn_berger" => T::SonnebornBerger,
            _ => return None,
        })
    }
}

const MONTHS_EN: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];
/// Genitive, as a date reads in Russian: «4 декабря 2026».
const MONTHS_RU_OF: [&str; 12] = [
    "января",
    "февраля",
    "марта",
    "апреля",
    "мая",
    "июня",
    "июля",
    "августа",
    "сентября",
    "октября",
    "ноября",
    "декабря",
];
/// Nominative, as a calendar heading reads: «Декабрь 2026».
const MONTHS_RU: [&str; 12] = [
    "Январь",
    "Февраль",
    "Март",
    "Апрель",
    "Май",
    "Июнь",
    "Июль",
    "Август",
    "Сентябрь",
    "Октябрь",
    "Ноябрь",
    "Декабрь",
];

fn month_index(month: u8) -> usize {
    usize::from(month.clamp(1, 12)) - 1
}

/// `4 December 2026, 18:00 UTC` / `4 декабря 2026, 18:00 UTC`.
pub fn date_time(locale: Locale, ms: i64) -> String {
    let (year, month, day, hour, minute) = crate::timestamp::utc_parts(ms);
    let month = match locale {
        Locale::En => MONTHS_EN[month_index(month)],
        Locale::Ru => MONTHS_RU_OF[month_index(month)],
    };
    format!("{day} {month} {year}, {hour:02}:{minute:02} UTC")
}

/// `December 2026` / `Декабрь 2026`.
pub fn month_heading(locale: Locale, ms: i64) -> String {
    let (year, month, ..) = crate::timestamp::utc_parts(ms);
    let month = match locale {
        Locale::En => MONTHS_EN[month_index(month)],
        Locale::Ru => MONTHS_RU[month_index(month)],
    };
    format!("{month} {year}")
}

#[cfg(test)]
mod tests {
    use super::*;

    const DEC_4_2026_18H: i64 = 1_796_407_200_000;

    #[test]
    fn dates_read_naturally_in_each_locale() {
        assert_eq!(
            date_time(Locale::En, DEC_4_2026_18H),
            "4 December 2026, 18:00 UTC"
        );
        assert_eq!(
            date_time(Locale::Ru, DEC_4_2026_18H),
            "4 декабря 2026, 18:00 UTC"
        );
        assert_eq!(month_heading(Locale::Ru, DEC_4_2026_18H), "Декабрь 2026");
        assert_eq!(month_heading(Locale::En, DEC_4_2026_18H), "December 2026");
    }

    #[test]
    fn every_text_is_translated() {
        for t in T::ALL {
            assert!(!t.en().is_empty() && !t.ru().is_empty(), "{t:?}");
            assert_ne!(t.en(), t.ru(), "{t:?} is not translated");
            assert_eq!(t.en().contains("{n}"), t.ru().contains("{n}"), "{t:?}");
        }
    }
}
