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
    FinalStandings => "Final standings", "Итоговая таблица";
    PreviewPlaying => "Being played", "Сейчас играют";
    PreviewNext => "Next matches", "Ближайшие матчи";
    PreviewLatest => "Latest results", "Последние результаты";
    PreviewPlaces => "{taken} of {max} places taken", "Занято мест: {taken} из {max}";
    FinalStandingsNote => "Final standings: every round is played.", "Итоговая таблица: все туры сыграны.";
    Calendar => "Calendar", "Календарь";
    StatusDraft => "Draft (not published)", "Черновик (не опубликован)";
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
    StageGroups => "Groups", "Групповой этап";
    StageRoundRobin => "Round robin", "Круговой этап";
    StageSwiss => "Swiss", "Швейцарская система";
    Group => "Group {n}", "Группа {n}";
    ToBeDecided => "to be decided", "определится";
    WinnerOfMatch => "Winner of {round}, match {match}", "Победитель: {round}, матч {match}";
    WinnerOf => "Winner of {round}", "Победитель: {round}";
    LoserOfMatch => "Loser of {round}, match {match}", "Проигравший: {round}, матч {match}";
    LoserOf => "Loser of {round}", "Проигравший: {round}";
    SeedBefore => "seed", "посев";
    RoundsOf => "Rounds: {n}", "Раунды: {n}";
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
    AdvanceOne => "Into the playoff: the winner of each group.", "В плей-офф выходит победитель каждой группы.";
    AdvanceMany => "Into the playoff: places 1 to {n} of each group.", "В плей-офф выходят места с 1 по {n} в каждой группе.";
    TieDecidedBy => "Level on points for the last place in the playoff, decided by the tie-break “{tiebreak}”: {in} ({a}), {out} ({b}).", "Поровну очков за последнее место в плей-офф, решил дополнительный показатель «{tiebreak}»: {in} ({a}), {out} ({b}).";
    TieDecidedBySeed => "Level on points and on every tie-break for the last place in the playoff; the higher seed went through: {in}.", "Поровну очков и всех дополнительных показателей за последнее место в плей-офф; прошёл участник с более высоким посевом: {in}.";
    Now => "Now", "Сейчас";
    Upcoming => "Upcoming", "Предстоящие";
    Past => "Past", "Прошедшие";
    NoTournaments => "No tournaments yet.", "Турниров пока нет.";
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
    ErrTooMany => "Too many attempts. Please wait a few minutes and try again.", "Слишком много попыток. Подождите несколько минут и попробуйте снова.";
    RegisteredTitle => "You are registered", "Вы зарегистрированы";
    RegisteredAs => "You are registered as {n}.", "Вы зарегистрированы под именем {n}.";
    WithdrawalLinkIntro => "Keep this private link: it leads to your own page, where you follow your registration, your matches and, where the organiser allows it, report them; whoever has it can also withdraw you. This page shows it again in this browser for a day, and to no one else.", "Сохраните эту личную ссылку: она ведёт на вашу страницу, где видно вашу регистрацию и ваши матчи, а если организатор разрешил, можно сообщать их результаты; тот, у кого она есть, может и снять вас с турнира. Эта страница покажет её снова в этом браузере в течение суток и больше никому.";
    CheckInOnYourPage => "Check-in opens {at} and closes {until}: check in on your page (the link below), or your place may go.", "Подтверждение участия откроется {at} и закроется {until}: подтвердите его на своей странице (ссылка ниже), иначе место может быть потеряно.";
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
    // Check-in, teams and the waiting list.
    CheckIn => "Check-in", "Подтверждение участия";
    CheckInWindow => "from {from} to {to}", "с {from} до {to}";
    CheckInClosedFact => "closed", "завершено";
    TimeLeft => "{n} min left", "осталось {n} мин";
    TeamsFact => "Teams", "Команды";
    TeamSize => "{min}–{max} players", "{min}–{max} игроков";
    TeamSizeExact => "{n} players", "игроков: {n}";
    IncompleteAllowed => "smaller teams allowed", "можно неполным составом";
    WaitingListFact => "Waiting list", "Лист ожидания";
    WaitingCount => "{n} waiting of {max}", "ждут {n} из {max}";
    WaitingHeading => "Waiting list", "Лист ожидания";
    WaitingPosition => "Place in line", "Место в очереди";
    JoinWaitingList => "All places are taken: registering puts you on the waiting list, and you move into the field in order as places free up.", "Все места заняты: регистрация поставит вас в лист ожидания, и вы займёте место по очереди, когда оно освободится.";
    JoinWaitingListButton => "Join the waiting list on the portal", "Встать в лист ожидания на портале";
    WaitingFull => "All places are taken, and the waiting list is full.", "Все места заняты, и лист ожидания заполнен.";
    TeamNameLabel => "Team name", "Название команды";
    TeamNameHint => "As it will appear in the bracket, up to 64 characters.", "Как оно будет показано в сетке, до 64 символов.";
    PlayersLabel => "Players", "Игроки";
    PlayersHint => "One display name per line: from {min} to {max} players.", "По одному имени в строке: от {min} до {max} игроков.";
    TeamEmailHint => "The captain's address, for the private link. Only the organiser sees it.", "Адрес капитана для личной ссылки. Его видит только организатор.";
    ErrRosterSize => "Name as many players as the hint asks for.", "Укажите столько игроков, сколько указано в подсказке.";
    ErrRosterName => "A player's name is blank, too long or contains characters that are not allowed.", "Имя игрока пустое, слишком длинное или содержит недопустимые символы.";
    ErrRosterTwice => "Each player can be named once.", "Каждого игрока можно указать один раз.";
    CheckedInColumn => "Checked in", "Подтвердил";
    Yes => "yes", "да";
    No => "no", "нет";
    WaitingAs => "{n} is number {pos} on the waiting list.", "{n} — номер {pos} в листе ожидания.";
    InFieldAs => "{n} is in the field.", "{n} в составе участников.";
    NotAdmittedAs => "The tournament started with its field full: {n} was on the waiting list and is not admitted.", "Турнир начался с полным составом: {n} был в листе ожидания и не допущен к участию.";
    CheckInOpensAt => "Check-in opens {at}.", "Подтверждение участия откроется {at}.";
    CheckInPrompt => "Check-in is open until {at}. Check in to keep your place.", "Подтверждение участия открыто до {at}. Подтвердите, чтобы сохранить место.";
    YourRegistration => "Your registration", "Ваша регистрация";
    FinishedAs => "{n} finished in place {place}.", "{n}: итоговое место {place}.";
    YourMatches => "Matches", "Матчи";
    PlaceIs => "place {n}", "место {n}";
    WithdrawOverInPlay => "The tournament is under way: withdrawing is over. If you cannot play on, tell the organiser.", "Турнир идёт: сняться уже нельзя. Если не можете продолжать, сообщите организатору.";
    WithdrawNotInField => "You are not in the field: there is nothing to withdraw from.", "Вы не в составе участников: сниматься не с чего.";
    WithdrawOver => "The tournament is over: there is nothing to withdraw from.", "Турнир окончен: сниматься уже не с чего.";
    CheckInSubmit => "Check in", "Подтвердить участие";
    CheckedInAt => "Checked in at {at}.", "Участие подтверждено: {at}.";
    CheckInOver => "Check-in is over.", "Подтверждение участия завершено.";
    CheckInNotOpen => "Check-in is not open yet.", "Подтверждение участия ещё не открыто.";
    ReportHeading => "Your match", "Ваш матч";
    ReportAgainst => "{round}: against {n}", "{round}: против {n}";
    ReportIntro => "Played it? Report the result here; {n} then confirms it.", "Сыграли? Сообщите результат здесь, затем {n} его подтвердит.";
    ReportLegend => "The result against {n}", "Результат матча против {n}";
    DisputeLegend => "Not what happened? Give the result you saw", "Было не так? Укажите результат, который видели вы";
    YourScore => "Your score", "Ваш счёт";
    TheirScore => "Score of {n}", "Счёт: {n}";
    ForfeitLabel => "Forfeit", "Техническое поражение";
    ForfeitNone => "None: the match was played", "Нет: матч сыгран";
    ForfeitMine => "I forfeit", "Мне (я не играю)";
    ForfeitTheirs => "{n} forfeits", "{n} (не явился или сдался)";
    ReportSubmit => "Report the result", "Сообщить результат";
    ReportWaiting => "You reported: {result}. {n} can confirm or dispute it until {at}; then it stands.", "Вы сообщили: {result}. {n} может подтвердить или оспорить результат до {at}, затем он будет принят.";
    ReportToAnswer => "{n} reported: {result}. Confirm it, or dispute it with the result you saw, by {at}; after that it stands.", "{n} сообщает: {result}. Подтвердите или оспорьте, указав свой результат, до {at}, иначе он будет принят.";
    ReportStands => "The time to answer has ended: the reported result ({n}) stands.", "Время ответа вышло: сообщённый результат ({n}) принят.";
    ReportDisputed => "Disputed: {n} says {theirs}; you say {mine}. An organiser decides the result.", "Результат оспорен: {n} — {theirs}; вы — {mine}. Результат решит организатор.";
    RemovedMatch => "a match no longer in the bracket", "матч, убранный из сетки";
    SetAsideHeading => "Report set aside", "Результат отменён";
    SetAsideYours => "Your report of {round} against {n} ({result}) was set aside.", "Ваш результат матча «{round}» против {n} ({result}) отменён.";
    SetAsideTheirs => "The report of {round} by {n} ({result}) was set aside.", "Результат матча «{round}», сообщённый {n} ({result}), отменён.";
    SetAsideSidesChanged => "The match's players changed (the organiser reseeded or corrected the bracket): nothing was recorded. Report the match again once it is played.", "Состав матча изменился (организатор изменил посев или исправил сетку): ничего не записано. Сообщите результат матча заново, когда он будет сыгран.";
    SetAsideRemoved => "The match was removed from the bracket: nothing was recorded.", "Матч убран из сетки: ничего не записано.";
    SetAsideReportsOff => "Players no longer report this tournament's results: the organiser records them.", "Игроки больше не сообщают результаты этого турнира: их записывает организатор.";
    ConfirmSubmit => "Confirm", "Подтвердить";
    DisputeSubmit => "Dispute", "Оспорить";
    ScoreFromYourSide => "you {mine}, {n} {theirs}", "вы {mine}, {n} {theirs}";
    YouForfeited => "you forfeit", "техническое поражение вам";
    TheyForfeited => "{n} forfeits", "техническое поражение: {n}";
    ErrFormStale => "This form is not one this page offers: look at the page again.", "Эта форма не с этой страницы: посмотрите на страницу ещё раз.";
    ErrReportScore => "Give both scores as whole numbers from 0 to 9999, or choose a forfeit.", "Укажите оба счёта целыми числами от 0 до 9999 или выберите техническое поражение.";
    AddToCalendar => "Add to calendar (.ics)", "Добавить в календарь (.ics)";
    SpaceDescription => "Tournaments of {name} on tourney: {upcoming} upcoming or under way, {past} over.", "Турниры организатора {name} на tourney: предстоящих и идущих — {upcoming}, прошедших — {past}.";
    Languages => "Language", "Язык";
    // Why an operation was refused (`http::refusal`).
    RefTournamentExists => "a tournament with the address '{slug}' already exists; addresses are unique across the service", "адрес «{slug}» уже занят другим турниром; адреса уникальны во всём сервисе";
    RefAlreadyRegistered => "'{name}' is already registered", "«{name}» уже зарегистрирован";
    RefEmailTaken => "this email address is already registered", "этот адрес почты уже зарегистрирован";
    RefFull => "the tournament is full: {taken} of {max} places are taken", "все места заняты: {taken} из {max}";
    RefWaitingListFull => "the tournament is full and so is its waiting list ({max} waiting)", "все места заняты, лист ожидания тоже ({max})";
    RefCheckInProcessed => "the check-in's result was applied already", "итоги отметки уже применены";
    RefFieldChanged => "the field changed since this page was loaded (someone registered or withdrew); look at it again", "состав участников изменился после загрузки страницы (кто-то зарегистрировался или снялся); посмотрите на него ещё раз";
    RefSeedsChanged => "the seed order of '{tournament}' changed since this page was loaded (someone saved another); look at it again", "порядок посева турнира «{tournament}» изменился после загрузки страницы (кто-то сохранил другой); посмотрите на него ещё раз";
    RefStaleSettings => "the settings of '{tournament}' were changed by someone else since this page was loaded; look at them again", "настройки турнира «{tournament}» изменили после загрузки страницы; посмотрите на них ещё раз";
    RefStaleStages => "the stages of '{tournament}' were changed by someone else since this page was loaded; look at them again", "этапы турнира «{tournament}» изменили после загрузки страницы; посмотрите на них ещё раз";
    RefStaleStageSeeds => "the seed order of stage {stage} changed since this page was loaded; look at it again", "посев этапа {stage} изменился после загрузки страницы; посмотрите на него ещё раз";
    RefMatchChanged => "this match changed since this page was loaded (its players or its result); look at it again", "этот матч изменился после загрузки страницы (участники или результат); посмотрите на него ещё раз";
    RefMovedOn => "the tournament moved on meanwhile: it is {status} now", "турнир за это время перешёл дальше: сейчас — «{status}»";
    RefChangedMeanwhile => "someone else changed it meanwhile; look at it again", "это только что изменили с другой страницы; посмотрите ещё раз";
    RefAlreadyDrawn => "the tournament's bracket is drawn already", "сетка турнира уже построена";
    RefClaimChanged => "the report of this match changed since this page was loaded; look at it again", "результат этого матча изменился после загрузки страницы; посмотрите на него ещё раз";
    RefSameStatus => "the tournament is {status} already", "турнир уже в состоянии «{status}»";
    RefMove => "a tournament that is {from} cannot become {to}", "из состояния «{from}» нельзя перейти в «{to}»";
    RefRegistrationClosed => "registration is not open: the tournament is {status}", "регистрация не открыта: турнир в состоянии «{status}»";
    RefWithdrawalClosed => "the tournament is {status}: a registration can be withdrawn only before it starts", "турнир в состоянии «{status}»: сняться можно только до начала";
    RefNotStartable => "only a tournament whose registration is closed can start; this one is {status}", "начать можно только турнир с закрытой регистрацией; этот — в состоянии «{status}»";
    RefTooFew => "it needs at least {min} players, and has {have}", "нужно хотя бы {min} участника, а их {have}";
    RefNotInPlay => "results are recorded while a tournament is in progress; this one is {status}", "результаты вносятся, пока турнир идёт; он в состоянии «{status}»";
    RefNotCorrectable => "the tournament is {status}: only results of a tournament in progress or completed can be corrected", "турнир в состоянии «{status}»: исправлять можно результаты идущего или завершённого турнира";
    RefWouldReopen => "the tournament is completed, and this result would replay later matches: it cannot be corrected so", "турнир завершён, а новый результат переиграл бы следующие матчи; так его исправить нельзя";
    RefAlreadyPlayed => "the match is played already (perhaps just reported from another page); correct its result if need be", "матч уже сыгран (возможно, его только что внесли с другой страницы); исправьте результат, если нужно";
    RefNotReady => "the match is not ready: both its players are not known yet", "матч ещё не готов: не известны оба участника";
    RefNotPlayed => "the match is not played: there is nothing to correct", "матч не сыгран: исправлять нечего";
    RefNoDraw => "an elimination match needs a winner: it cannot be a draw", "в матче на выбывание нужен победитель: ничья невозможна";
    RefBye => "this is a bye: it has no result", "это пропуск тура: у него нет результата";
    RefPlaces => "a free-for-all round needs every player's place, each place once", "в раунде «все против всех» укажите место каждого участника, каждое место один раз";
    RefScoreExpected => "the match has two sides: give its score", "у матча две стороны: укажите счёт";
    RefStartFixed => "the tournament is {status}: its start changes only before it starts", "турнир в состоянии «{status}»: время начала меняется только до начала";
    RefCapacityFixed => "the tournament is {status}: its places change only before it starts", "турнир в состоянии «{status}»: число мест меняется только до начала";
    RefStagesFixed => "the tournament is {status}: its stages change only before it starts", "турнир в состоянии «{status}»: этапы меняются только до начала";
    RefBelowField => "{taken} are registered: there cannot be fewer places", "зарегистрировано {taken}: мест не может быть меньше";
    RefNoCheckIn => "the tournament has no check-in", "у турнира нет отметки";
    RefCheckInOver => "the check-in is over", "отметка уже закончилась";
    RefTeamsFixed => "there are registrations already: whether it takes teams changes only before the first", "уже есть регистрации: командный формат меняется только до первой";
    RefRostersOutside => "{teams} registered teams do not fit that team size", "составы зарегистрированных команд ({teams}) не подходят под этот размер";
    RefBelowWaiting => "{waiting} wait for a place: the waiting list cannot be shorter", "ждут места {waiting}: лист ожидания не может быть короче";
    RefEntryFixed => "the tournament is {status}: check-in, teams and the waiting list change only while registration is open", "турнир в состоянии «{status}»: отметка, команды и лист ожидания меняются только пока открыта регистрация";
    RefWaitsForAPlace => "'{who}' waits for a place: only the field is seeded", "«{who}» ждёт места: посев только для основного состава";
    RefNotSeedable => "the tournament is {status}: seeds are set only before the start", "турнир в состоянии «{status}»: посев задаётся только до начала";
    RefOver => "the tournament is {status}: who reports its results no longer changes", "турнир в состоянии «{status}»: кто сообщает результаты, уже не меняется";
    RefNoSelfReport => "in this tournament the organisers report the results", "в этом турнире результаты сообщают организаторы";
    RefNotYourMatch => "this is not your match, or it is not ready to play", "это не ваш матч, или он ещё не готов к игре";
    RefOwnClaim => "you reported this match: your opponent confirms or disputes it", "результат сообщили вы: подтверждает или оспаривает его соперник";
    RefDisputed => "the result is disputed: an organiser decides it", "результат оспорен: его решит организатор";
    RefAnswerTooLate => "the time to answer has ended: the reported result stands", "время ответа вышло: сообщённый результат принят";
    RefNotRegistered => "'{who}' is not registered in this tournament", "«{who}» не зарегистрирован в этом турнире";
    RefCheckInWindow => "the check-in must open before it closes (both before the start), and at most 7 days before the start", "отметка должна открываться раньше, чем закрывается (обе — до начала), и не раньше чем за 7 дней до начала";
    RefTeamSize => "a team has MIN to MAX players, 1 ≤ MIN ≤ MAX", "размер команды — от MIN до MAX игроков, 1 ≤ MIN ≤ MAX";
    RefWaitingListRange => "a waiting list holds 1 to {max} (0: none)", "в листе ожидания от 1 до {max} мест (0 — без листа)";
    RefCapacity => "a tournament has 2 to {max} places", "мест должно быть от 2 до {max}";
    RefNotForFormat => "this setting does not fit the chosen format", "эта настройка не подходит к выбранному формату";
    RefGroupRange => "there is at least one group, and at least one goes on from each", "групп должно быть не меньше одной, и из каждой выходит хотя бы один";
    RefPlayoffTooSmall => "a playoff needs at least 2 players", "в плей-офф нужно хотя бы 2 участника";
    RefThresholds => "the win and loss thresholds are given together, instead of a number of rounds", "пороги побед и поражений задаются вместе, вместо числа раундов";
    RefGroupsNeedPlaces => "{groups} groups need at least {places} places", "для {groups} групп нужно хотя бы {places} мест";
    RefNoRounds => "there must be at least 1 round", "нужен хотя бы 1 тур";
    RefPointsOrder => "points are for places 1, 2, 3, …, a lower place never worth more than a higher one", "очки — за места 1, 2, 3, …, и за место ниже не больше, чем за место выше";
    RefSelfReportFreeForAll => "free-for-all rounds are reported by the organisers", "в формате «все против всех» результаты раундов сообщают организаторы";
    RefSelfReportWindow => "the time to confirm is from 1 second to 7 days", "время на подтверждение — от 1 секунды до 7 дней";
    RefWindowWithoutReports => "a time to confirm is for players' reports: turn them on with it", "время на подтверждение нужно, только когда результаты сообщают игроки";
    RefNotATeamTournament => "the tournament is for players, not teams: no roster is needed", "турнир для игроков, а не команд: состав не нужен";
    RefRosterTooFew => "a team needs at least {n} players", "в команде должно быть хотя бы {n} игроков";
    RefRosterTooMany => "a team has at most {n} players", "в команде не больше {n} игроков";
    RefRosterName => "player {n}'s name is empty, too long or has characters that are not allowed", "имя игрока {n} пустое, слишком длинное или с недопустимыми знаками";
    RefRosterTwice => "the player '{name}' is named twice", "игрок «{name}» назван дважды";
    RefSlug => "an address is 3 to 64 lowercase Latin letters, digits and hyphens", "адрес: строчные латинские буквы, цифры и дефисы, от 3 до 64 знаков";
    RefName => "the name is empty, too long or has characters that are not allowed", "название пустое, слишком длинное или с недопустимыми знаками";
    RefGame => "the game is empty, too long or has characters that are not allowed", "игра: пусто, слишком длинно или недопустимые знаки";
    RefDescription => "the description is too long or has characters that are not allowed", "описание слишком длинное или с недопустимыми знаками";
    RefEmail => "this is not an email address", "это не адрес электронной почты";
    RefSeedsTwice => "each player is named once in the seed order", "каждый участник указан в порядке посева один раз";
    // The space's section "API, webhooks and widgets" and signing in.
    SectionTitle => "API, webhooks and widgets", "API, вебхуки и виджеты";
    SectionNav => "Section", "Раздел";
    SectionIntro => "Manage this space's API keys, webhook addresses and widgets. Every change here is recorded in the space's audit log under your address.", "Здесь управляют ключами API, адресами вебхуков и виджетами пространства. Каждое изменение записывается в журнал пространства от вашего имени.";
    SignInTitle => "Sign in", "Вход";
    SignInButton => "Sign in", "Войти";
    SignInHelp => "No password yet? Ask an owner of your space for an invitation. Running this server yourself? Make yourself the first owner from its shell: tourney members add --space <space> --email <your address> --role owner, then tourney login-link --email <your address> prints a sign-in link.", "Ещё нет пароля? Попросите владельца пространства прислать приглашение. Это ваш сервер? Сделайте себя первым владельцем из его командной строки: tourney members add --space <пространство> --email <ваш адрес> --role owner, затем tourney login-link --email <ваш адрес> напечатает ссылку для входа.";
    SignInAs => "Sign in as {email}?", "Войти как {email}?";
    SignInLinkUsed => "This sign-in link was used already or has expired. Ask for a new one.", "Этой ссылкой для входа уже воспользовались, или её срок истёк. Попросите новую.";
    SignInWrong => "The email address or the password is not right.", "Адрес почты или пароль неверны.";
    SignInLocked => "Too many failed sign-ins. Try again in 15 minutes, or sign in with a link.", "Слишком много неудачных попыток входа. Попробуйте через 15 минут или войдите по ссылке.";
    SignOut => "Sign out", "Выйти";
    PasswordLabel => "Password", "Пароль";
    AccountTitle => "Your account", "Ваш аккаунт";
    YourSpaces => "Spaces you manage", "Пространства, которыми вы управляете";
    SpaceHead => "Space", "Пространство";
    RoleHead => "Role", "Роль";
    NoManagedSpaces => "You manage no space at the moment.", "Сейчас вы не управляете ни одним пространством.";
    PasswordTitle => "Password", "Пароль";
    PasswordIsSet => "You can sign in with your password. Change it here.", "Вы можете входить по паролю. Здесь его можно сменить.";
    PasswordNotSet => "Set a password to sign in without a link next time.", "Задайте пароль, чтобы в следующий раз входить без ссылки.";
    CurrentPasswordLabel => "Current password", "Текущий пароль";
    NewPasswordLabel => "New password", "Новый пароль";
    PasswordHint => "12 to 256 characters.", "От 12 до 256 символов.";
    PasswordTooShort => "This password has {n} characters: too short to keep others out.", "В этом пароле символов: {n} — слишком мало, чтобы он защищал.";
    PasswordTooLong => "This password has {n} characters: more than a password may have.", "В этом пароле символов: {n} — больше, чем допустимо.";
    SetPassword => "Save the password", "Сохранить пароль";
    CurrentPasswordWrong => "The current password is not right.", "Текущий пароль неверен.";
    DonePasswordSet => "Your password is saved. Every other session of yours is signed out.", "Пароль сохранён. Все другие ваши сеансы завершены.";
    DeskTitle => "Tournaments", "Турниры";
    DeskTournaments => "The space's tournaments", "Турниры пространства";
    DeskTournament => "Tournament", "Турнир";
    DeskStarts => "Starts", "Начало";
    DeskNoTournaments => "No tournament yet.", "Турниров пока нет.";
    DeskMatches => "Matches", "Матчи";
    DeskReady => "Ready to play: report the result", "Готовы к игре: внесите результат";
    DeskAllMatches => "Every other match", "Остальные матчи";
    DeskMatch => "Match", "Матч";
    DeskReport => "Report", "Внести";
    DeskRound => "Round", "Тур";
    SaveSignatureHeaders => "Save the signature headers", "Сохранить заголовки подписи";
    DoneSigning => "The signature headers are saved: the next request carries them.", "Заголовки подписи сохранены: их получит следующий запрос.";
    SignatureHeadersLabel => "Signature headers", "Заголовки подписи";
    SignatureHeadersHint => "Standard Webhooks' headers let a receiver verify with the official libraries; both sets suit every receiver.", "Заголовки Standard Webhooks позволяют проверять подпись официальными библиотеками; оба набора подходят любому получателю.";
    SignatureHeadersBoth => "Both: Svc-Webhook-* and webhook-* (Standard Webhooks)", "Оба: Svc-Webhook-* и webhook-* (Standard Webhooks)";
    SignatureHeadersSpecification => "Svc-Webhook-* only", "Только Svc-Webhook-*";
    SignatureHeadersStandard => "webhook-* only (Standard Webhooks)", "Только webhook-* (Standard Webhooks)";
    SignatureHeadersInvalid => "Choose which signature headers the address receives.", "Выберите, какие заголовки подписи получает адрес.";
    SelfReportLabel => "Who reports results", "Кто сообщает результаты";
    SelfReportOff => "Organisers only", "Только организаторы";
    SelfReportConfirm => "Players too: one reports, the opponent confirms", "И игроки: один сообщает, соперник подтверждает";
    SelfReportInvalid => "Choose who reports results; a confirmation window is for players' reports.", "Выберите, кто сообщает результаты; время на подтверждение — только для отчётов игроков.";
    ConfirmWithinLabel => "Time to confirm a player's report", "Время на подтверждение результата";
    ConfirmWithinHint => "A report the opponent neither confirms nor disputes in this time stands: 15m, 1h (1s to 7d; empty: 15m).", "Если соперник не подтвердит и не оспорит результат за это время, он будет принят: 15m, 1h (от 1s до 7d; пусто — 15m).";
    DeskClaimPending => "{n} reported {result}; it stands at {at} unless the other side answers.", "{n} сообщает: {result}; результат будет принят в {at}, если соперник не ответит.";
    DeskClaimDisputed => "Disputed: {a} says {ra}; {b} says {rb}. Your report decides it.", "Спор: {a} — {ra}; {b} — {rb}. Ваш результат решит его.";
    DeskForfeitBy => "forfeit by {n}", "техническое поражение: {n}";
    DeskNoneReady => "No match is ready to be played.", "Нет матчей, готовых к игре.";
    DeskNoMatches => "No other match.", "Других матчей нет.";
    DeskToBeDecided => "to be decided", "определится";
    DeskCompleted => "played", "сыгран";
    DeskReadyOne => "ready", "готов";
    DeskWaiting => "waiting for its players", "ждёт участников";
    DeskScoreOf => "Score of", "Счёт:";
    DeskForfeit => "Forfeit", "Неявка";
    DeskNoForfeit => "none", "нет";
    DeskForfeitA => "the first side forfeits", "не явилась первая сторона";
    DeskForfeitB => "the second side forfeits", "не явилась вторая сторона";
    DeskScoreInvalid => "A score is a whole number from 0 to 9999, given for both sides.", "Счёт — целое число от 0 до 9999 для обеих сторон.";
    DeskResultMissing => "Give both scores, or choose who forfeits.", "Укажите счёт обеих сторон или выберите, кто не явился.";
    DeskRefused => "The result was not recorded:", "Результат не записан:";
    DeskFacts => "The tournament", "Турнир";
    DeskField => "Players", "Участники";
    DeskNextStep => "Next step", "Следующий шаг";
    DeskAnnounce => "Announce", "Анонсировать";
    DeskOpenRegistration => "Open registration", "Открыть регистрацию";
    DeskCloseRegistration => "Close registration", "Закрыть регистрацию";
    DeskStart => "Start: seed and draw", "Начать: посев и сетка";
    DeskMovedOn => "Nothing was changed: the tournament moved on meanwhile, and is now {status}. Here is where it stands.", "Ничего не изменено: турнир за это время перешёл дальше, сейчас — {status}. Вот его состояние.";
    DeskNoSuchStep => "That step is not this tournament's next one.", "Это не следующий шаг турнира.";
    DeskStepRefused => "The step was not taken:", "Шаг не выполнен:";
    DoneStepTaken => "Done.", "Готово.";
    NewTitle => "New tournament", "Новый турнир";
    NewHelp => "The tournament is created as a draft: announce it and open its registration from its page.", "Турнир создаётся черновиком: анонсируйте его и откройте регистрацию на его странице.";
    NewName => "Name", "Название";
    NewSlug => "Address", "Адрес";
    NewSlugHint => "Its part of the links: lowercase Latin letters, digits and hyphens, such as friday-blitz.", "Часть ссылок: строчные латинские буквы, цифры и дефисы, например friday-blitz.";
    NewGame => "Game", "Игра";
    NewFormat => "Format", "Формат";
    NewMaxParticipants => "Places", "Мест";
    NewStartsAt => "Starts (UTC)", "Начало (UTC)";
    NewStartsAtHint => "Date and time in UTC, as every page shows them.", "Дата и время по UTC, как на всех страницах.";
    NewRounds => "Rounds", "Туров";
    NewRoundsHint => "Swiss system only; left empty, as many as the field needs.", "Только для швейцарской системы; если пусто — сколько нужно участникам.";
    NewGroups => "Groups", "Групп";
    NewAdvance => "Advance from each group", "Выходят из группы";
    NewThirdPlace => "A match for third place", "Матч за третье место";
    NewDescription => "Description", "Описание";
    NewCreate => "Create the tournament", "Создать турнир";
    EntryCheckInOpens => "Check-in opens before the start", "Отметка открывается до начала за";
    EntryCheckInCloses => "Check-in closes before the start", "Отметка закрывается до начала за";
    EntryCheckInHint => "Durations such as 1h, 30m or 2d; both empty: no check-in.", "Длительность, например 1h, 30m или 2d; оба поля пусты — без отметки.";
    EntryDurationInvalid => "A duration such as 1h, 30m or 2d.", "Длительность, например 1h, 30m или 2d.";
    EntryNoShow => "Players who do not check in", "Не отметившиеся участники";
    EntryNoShowBottom => "go to the bottom seeds", "уходят в конец посева";
    EntryNoShowRemove => "leave the field", "выбывают";
    EntryNoShowInvalid => "Choose what happens to players who do not check in.", "Выберите, что будет с не отметившимися.";
    EntryTeamSize => "Team size", "Размер команды";
    EntryTeamSizeHint => "Players per team: 3, or a range such as 2..5; empty: players, not teams.", "Игроков в команде: 3 или диапазон, например 2..5; пусто — игроки, а не команды.";
    EntryTeamSizeInvalid => "A number such as 3, or a range such as 2..5.", "Число, например 3, или диапазон, например 2..5.";
    EntryIncompleteRosters => "Teams may register with fewer players", "Команды могут регистрироваться неполными";
    EntryWaitingList => "Waiting list", "Лист ожидания";
    EntryWaitingListHint => "How many may wait for a place once the field is full; empty: no waiting list.", "Сколько человек могут ждать места, когда все места заняты; пусто — без листа ожидания.";
    NewPoints => "Points for places 1, 2, 3, …", "Очки за места 1, 2, 3, …";
    NewPointsHint => "Free-for-all only, separated by commas; left empty: 25,18,15,12,10,8,6,4,2,1.", "Только для «все против всех»; через запятую; если пусто — 25,18,15,12,10,8,6,4,2,1.";
    NewPointsInvalid => "Whole numbers separated by commas, such as 10,6,3,1.", "Целые числа через запятую, например 10,6,3,1.";
    NewWholeNumber => "A whole number, such as 16.", "Целое число, например 16.";
    NewStartsAtInvalid => "A date and time, such as 2026-12-04T18:00.", "Дата и время, например 2026-12-04T18:00.";
    NewFormatInvalid => "Choose one of the formats.", "Выберите один из форматов.";
    NewRefused => "Not created:", "Не создан:";
    DoneCreated => "The tournament is created, as a draft.", "Турнир создан как черновик.";
    DeskRegistrations => "Registrations", "Регистрации";
    DeskSeed => "Seed", "Посев";
    DeskEveryPlayer => "every player, in finishing order", "все участники, по занятым местам";
    DeskPlacesInvalid => "Give every player a place from 1 to the number of players, each place once.", "Укажите каждому участнику место от 1 до числа участников, каждое место один раз.";
    DeskReportResults => "Report results", "Внести результаты";
    DeskWinnerGoes => "Winner:", "Победитель:";
    DeskLoserGoes => "loser:", "проигравший:";
    DeskAgainst => " against {name}", ", соперник — {name}";
    DeskWinsIt => "wins the tournament", "выигрывает турнир";
    DeskIsOut => "out", "выбывает";
    DeskSeedOrder => "Seed order", "Порядок посева";
    DeskSeedOrderHelp => "The draw seeds the field in this order. Type a seed for each player (players given the same seed keep their order on this page), or move one a place with the arrows; the check-in's no-shows still go to the bottom at the start.", "Сетка строится в этом порядке. Укажите номер посева каждому участнику (при одинаковых номерах сохраняется порядок на этой странице) или сдвиньте участника стрелками на одно место; не отметившиеся при старте всё равно уходят вниз.";
    DeliveryPending => "waiting", "ожидает";
    DeliveryInFlight => "being sent", "отправляется";
    DeliverySucceeded => "delivered", "доставлено";
    DeliveryFailed => "failed", "не доставлено";
    TriggerScheduled => "scheduled", "по расписанию";
    TriggerManual => "by hand", "вручную";
    TriggerPing => "test", "проверка";
    ActorPortal => "the portal (a player)", "портал (участник)";
    ActorSchedule => "the schedule", "расписание";
    ActorSignIn => "sign-in", "вход";
    DeskDisputedFlag => "Disputed:", "Оспорен:";
    DeskPublicPage => "Its page on the portal", "Его страница на портале";
    DeskResetsIfChanged => "If the winner changes, these matches are played again:", "Если победитель изменится, эти матчи сыграют заново:";
    ReportConfirmed => "Confirmed: the result stands. Your next match shows here as soon as it is ready.", "Подтверждено: результат принят. Ваш следующий матч появится здесь, как только будет готов.";
    ReportSent => "Reported: your opponent now confirms or disputes it.", "Отправлено: теперь соперник подтвердит или оспорит результат.";
    ReportDisputedDone => "Disputed: an organiser decides the result.", "Оспорено: результат решит организатор.";
    FactReports => "Results", "Результаты";
    FactReportsByPlayers => "reported by the players, each confirmed by the opponent", "сообщают игроки, соперник подтверждает";
    FactReportsByDesk => "recorded by the organisers", "вносят организаторы";
    BackToYourSpaces => "Your spaces", "Ваши пространства";
    StagesTitle => "Stages", "Этапы";
    StagesHelp => "A tournament is played in stages: each stage after the first is drawn from the one before as soon as it completes, by its standings. Plan them before the start.", "Турнир играется этапами: каждый следующий этап составляется из итогов предыдущего, как только тот завершён. Спланируйте их до начала.";
    StageHead => "Stage", "Этап";
    StageTakeHead => "Who plays it", "Кто играет";
    StageFirst => "the tournament's field", "все участники турнира";
    StageTakeBest => "the best {n} of the stage before", "лучшие {n} предыдущего этапа";
    StageTakeBestShort => "the best {n}", "лучшие {n}";
    StageTakePerGroupShort => "the best {n} of each group", "лучшие {n} каждой группы";
    StageTakePerGroup => "the best {n} of each group", "лучшие {n} каждой группы";
    StagePlanned => "planned", "запланирован";
    StageWaiting => "waits for the stage before", "ждёт предыдущий этап";
    StageInPlay => "in play, {n} players", "идёт, участников: {n}";
    StagePlayed => "played", "сыгран";
    GroupsOf => "{n} groups", "групп: {n}";
    ThresholdsOf => "through at {w} wins, out at {l} losses", "проход при {w} победах, выбывание при {l} поражениях";
    StageAdd => "Add a stage", "Добавить этап";
    StageThresholdsBoth => "Give both thresholds (wins through and losses out), or neither.", "Укажите оба порога (побед для прохода и поражений для выбывания) или ни одного.";
    StageTakeLabel => "How many go on to it", "Сколько игроков проходит";
    StageTakeHint => "The best of the stage before, by its standings (at least 2).", "Лучшие по итогам предыдущего этапа (не меньше 2).";
    StagePerGroupLabel => "That many from each group", "Столько из каждой группы";
    StageNameLabel => "Name (optional)", "Название (необязательно)";
    StageAdvanceWins => "Swiss to thresholds: through at this many wins", "Швейцарка до порогов: проход при стольких победах";
    StageEliminateLosses => "Swiss to thresholds: out at this many losses", "Швейцарка до порогов: выбывание при стольких поражениях";
    StageRemoveLast => "Remove stage {n} ({name})", "Удалить этап {n} ({name})";
    StageReseedTitle => "Seed order of stage {n}", "Посев этапа {n}";
    StageReseedHelp => "Until the stage's first result its players may be put in another order: type each one's seed (equal seeds keep the page's order) or move one a place. Its matches are drawn again from the new order.", "До первого результата этапа его участников можно расставить иначе: введите номер посева (при равных сохраняется порядок страницы) или сдвиньте игрока на место. Матчи этапа составятся заново.";
    DoneStageAdded => "The stage was added.", "Этап добавлен.";
    DoneStageRemoved => "The stage was removed.", "Этап удалён.";
    DoneStageSeeded => "The stage's seed order was saved and its matches drawn again.", "Посев этапа сохранён, матчи составлены заново.";
    DeskSaveSeeds => "Save the seed order", "Сохранить порядок посева";
    DeskMoveUp => "Move {name} up", "Поднять: {name}";
    DeskMoveDown => "Move {name} down", "Опустить: {name}";
    DeskSeedInvalid => "A seed is a whole number from 1 to the number of players.", "Номер посева — целое число от 1 до числа участников.";
    DeskCheckedIn => "checked in", "отметился";
    DeskRegistered => "registered", "зарегистрирован";
    DeskWaitingList => "on the waiting list", "в листе ожидания";
    DeskWithdrawn => "withdrawn", "снялся";
    DeskNotAdmitted => "not admitted: waiting at the start", "не допущен: ждал места на старте";
    DeskCheckIn => "Check in", "Отметить";
    DeskWithdraw => "Withdraw", "Снять";
    DeskPlayerName => "Player or team", "Игрок или команда";
    DeskPlayerEmail => "Email address (optional, private)", "Адрес почты (необязательно, не публикуется)";
    DeskAddPlayer => "Add", "Добавить";
    DeskNobodyYet => "Nobody has registered yet.", "Пока никто не зарегистрировался.";
    DeskNotDone => "Nothing was changed:", "Ничего не изменено:";
    ConfirmWithdraw => "Withdraw {name} from the tournament?", "Снять {name} с турнира?";
    DoneAdded => "Added.", "Добавлено.";
    DoneCheckedIn => "Checked in.", "Отмечено.";
    DoneWithdrawn => "Withdrawn.", "Снято.";
    DoneSeeded => "The seed order is saved.", "Порядок посева сохранён.";
    DeskCorrection => "Correct a result", "Исправить результат";
    DeskCorrect => "Correct", "Исправить";
    DeskCompletedCorrect => "played: correct", "сыгран: исправить";
    DeskCorrectionHelp => "The corrected result replaces the one recorded. When it changes who went on, the matches that followed from it are played again.", "Исправленный результат заменит записанный. Если от этого меняется, кто прошёл дальше, матчи после него будут сыграны заново.";
    DoneCorrected => "The result is corrected.", "Результат исправлен.";
    PlayerLinkTitle => "Private page of {n}", "Личная страница: {n}";
    PlayerLinkHelp => "Give this link to {n}: their own page, where they check in, report their matches and answer their opponents' reports, and withdraw. Show the QR code on this screen or print the page; or send the link.", "Передайте эту ссылку участнику {n}: это его личная страница, где он подтверждает участие, сообщает результаты матчей, отвечает на сообщения соперников и может сняться. Покажите QR-код на экране или распечатайте страницу, либо отправьте ссылку.";
    PlayerLinkLabel => "The player's private link", "Личная ссылка участника";
    PlayerLinkOnce => "Shown this once: it is kept only as a hash. Giving a new link makes this one stop working.", "Показывается один раз: хранится только её хеш. Новая ссылка отменит эту.";
    PlayerLinkQr => "QR code of the private link of {n}", "QR-код личной ссылки: {n}";
    PlayerLinkSubject => "Your page in {n}", "Ваша страница турнира «{n}»";
    PlayerLinkBody => "Hello {name}, here is your own page in {tournament}, to check in, report your matches and see when you play: {url}", "Здравствуйте, {name}! Вот ваша страница турнира «{tournament}»: подтверждение участия, результаты ваших матчей и расписание: {url}";
    PlayerLinkSend => "Send it by email to {n}", "Отправить на почту {n}";
    DeskGiveLink => "Private page", "Личная страница";
    ConfirmGiveLink => "Give {name} a new private page link? A link given before stops working.", "Выдать участнику {name} новую личную ссылку? Выданная раньше перестанет работать.";
    DeskReopenRegistration => "Reopen registration", "Снова открыть регистрацию";
    ConfirmApplyCheckInBottom => "Apply the check-in of {name} now? Players who have not checked in go to the bottom seeds, those waiting take free places, and registration closes. Reopening registration undoes it.", "Применить итоги отметки турнира «{name}» сейчас? Не отметившиеся опустятся в конец посева, ожидающие займут свободные места, регистрация закроется. Повторное открытие регистрации это отменит.";
    ConfirmApplyCheckInRemove => "Apply the check-in of {name} now? Players who have not checked in are removed from the field, those waiting take their places, and registration closes. Reopening registration lets the check-in apply again later (those removed may register again).", "Применить итоги отметки турнира «{name}» сейчас? Не отметившиеся будут сняты, их места займут ожидающие, регистрация закроется. Повторное открытие регистрации позволит применить отметку позже (снятые смогут зарегистрироваться снова).";
    DeskApplyCheckIn => "Apply the check-in now", "Применить итоги отметки сейчас";
    DeskCancel => "Cancel the tournament", "Отменить турнир";
    ConfirmCancelTournament => "Cancel {name}? It stops for everyone, and this cannot be undone.", "Отменить {name}? Турнир остановится для всех, и это нельзя отменить.";
    DoneCheckInApplied => "The check-in is applied.", "Итоги отметки применены.";
    DoneCancelled => "The tournament is cancelled.", "Турнир отменён.";
    DeskSettings => "Settings", "Настройки";
    DeskSettingsHelp => "The name and description may change at any time; the start and the places only before the draw, and the places never below the registrations made; the check-in, teams and waiting list only until registration closes.", "Название и описание можно менять всегда; начало и число мест — только до жеребьёвки, и мест не меньше, чем уже зарегистрировано; отметку, команды и лист ожидания — только пока регистрация не закрыта.";
    DeskSaveSettings => "Save", "Сохранить";
    DoneSaved => "Saved.", "Сохранено.";
    DoneReported => "The result is recorded.", "Результат записан.";
    ReportersDeskOnly => "Reporters run matches at the desk; this page is for the space's owners and administrators.", "Судьи вносят результаты матчей; эта страница — для владельцев и администраторов пространства.";
    RoleReporter => "Reporter", "Судья";
    ConfirmTitle => "Are you sure?", "Вы уверены?";
    ConfirmCancel => "No, go back", "Нет, вернуться";
    ConfirmRevoke => "Revoke the key {name}? Every request with it is refused from now on. This cannot be undone.", "Отозвать ключ {name}? Все запросы с ним будут отклоняться. Это нельзя отменить.";
    ConfirmRemoveHook => "Remove the address {url}? Nothing more is sent to it. This cannot be undone.", "Удалить адрес {url}? На него больше ничего не будет отправляться. Это нельзя отменить.";
    ConfirmDisableHook => "Disable the address {url}? Nothing is sent to it until it is enabled again.", "Отключить адрес {url}? На него ничего не будет отправляться, пока его снова не включат.";
    ConfirmRemoveMember => "Remove {email} from this space? They can no longer sign in to it.", "Удалить {email} из этого пространства? Войти в него он больше не сможет.";
    DoneSignedOutOthers => "Every other session of yours is signed out.", "Все другие ваши сеансы завершены.";
    SignInBusy => "Your sign-in could not be checked just now. Wait a moment and send it again.", "Сейчас не удалось проверить вход. Подождите немного и отправьте форму ещё раз.";
    SessionsTitle => "Where you are signed in", "Где выполнен вход";
    SessionsHelp => "Signed in on a computer you no longer use, or think someone else is? Sign out everywhere else: every session but this one ends at once.", "Вход выполнен на чужом или старом компьютере? Выйдите везде, кроме этого: все сеансы, кроме текущего, завершатся сразу.";
    SignOutOthers => "Sign out everywhere else", "Выйти везде, кроме этого";
    NothingChanged => "Nothing was changed", "Ничего не изменено";
    RoleOwner => "Owner", "Владелец";
    RoleAdministrator => "Administrator", "Администратор";
    LiveUpdated => "Updated:", "Обновлено:";
    LiveDetails => "Details", "Сведения";
    OwnersOnly => "Only the space's owners manage its members.", "Участниками пространства управляют только его владельцы.";
    KeysTitle => "API keys", "Ключи API";
    NameHead => "Name", "Название";
    KeyHead => "Key", "Ключ";
    CreatedHead => "Created", "Создан";
    CreatedByHead => "By", "Кем";
    LastUsedHead => "Last used", "Последнее использование";
    StateHead => "State", "Состояние";
    ActionsHead => "Actions", "Действия";
    NoKeys => "This space has no keys yet.", "У пространства пока нет ключей.";
    KeyActive => "Active", "Действует";
    KeyRevokedAt => "Revoked", "Отозван";
    KeyWorksUntil => "Replaced; works until", "Заменён; действует до";
    Revoke => "Revoke", "Отозвать";
    Roll => "Replace", "Заменить";
    GraceLabel => "Old key works", "Старый ключ действует";
    GraceNow => "not at all (stops now)", "нисколько (сразу перестаёт)";
    GraceHour => "1 more hour", "ещё 1 час";
    GraceDay => "24 more hours", "ещё 24 часа";
    GraceInvalid => "Choose one of the offered times.", "Выберите один из предложенных сроков.";
    CreateKey => "Create a key", "Создать ключ";
    KeyLimit => "A space may have {n} active keys.", "У пространства может быть до {n} действующих ключей.";
    KeyNameLabel => "Name (optional)", "Название (необязательно)";
    KeyNameHint => "To tell keys apart, such as “partner site”.", "Чтобы отличать ключи, например «сайт партнёра».";
    KeyNameInvalid => "The name must be one line of at most 64 characters.", "Название — одна строка не длиннее 64 символов.";
    NewKeyLabel => "Your new API key", "Ваш новый ключ API";
    NewSecretLabel => "The address's signing secret", "Секрет подписи адреса";
    SecretShownOnce => "Copy it now: it is shown only this once and cannot be recovered.", "Скопируйте его сейчас: он показывается только один раз и не может быть восстановлен.";
    Copy => "Copy", "Копировать";
    Copied => "Copied", "Скопировано";
    TooManyKeys => "This space already has {n} active keys, the most allowed. Revoke one first.", "У пространства уже {n} действующих ключей — это максимум. Сначала отзовите один.";
    KeyGone => "This key is revoked or replaced already.", "Этот ключ уже отозван или заменён.";
    DoneKeyRevoked => "The key is revoked: every request with it is refused from now on.", "Ключ отозван: все запросы с ним теперь отклоняются.";
    HooksTitle => "Webhook addresses", "Адреса вебхуков";
    AddressHead => "Address", "Адрес";
    LastSuccessHead => "Last success", "Последний успех";
    FailingSinceHead => "Failing since", "Сбои с";
    FailuresHead => "Failures in a row", "Сбоев подряд";
    NoHooks => "This space has no webhook addresses yet.", "У пространства пока нет адресов вебхуков.";
    HookLimit => "A space may have {n} addresses. Only public HTTPS addresses are accepted.", "У пространства может быть до {n} адресов. Принимаются только публичные адреса HTTPS.";
    AddHook => "Add the address", "Добавить адрес";
    HookUrlLabel => "HTTPS address", "Адрес HTTPS";
    HookUrlHint => "Every event of the space is signed and sent to it.", "На него отправляются все события пространства, с подписью.";
    HookUrlInvalid => "This address cannot receive webhooks.", "На этот адрес нельзя отправлять вебхуки.";
    HookUnresolved => "Note: the address's name does not resolve yet:", "Обратите внимание: имя адреса пока не разрешается:";
    TooManyHooks => "This space already has {n} addresses, the most allowed. Remove one first.", "У пространства уже {n} адресов — это максимум. Сначала удалите один.";
    HookHealthy => "Receiving", "Получает";
    HookFailing => "Receiving, with failures", "Получает, со сбоями";
    HookDisabledGone => "Disabled: the receiver answered 410 Gone", "Отключён: получатель ответил 410 Gone";
    HookDisabledFailing => "Disabled: every attempt failed for days", "Отключён: все попытки не удавались несколько дней";
    HookDisabledByHand => "Disabled by a member", "Отключён участником";
    HookTitle => "Webhook address", "Адрес вебхука";
    HookFacts => "The address", "Адрес";
    HookActions => "Actions", "Действия";
    TestHelp => "Test sends a signed ping event to the address now and shows what the receiver answered.", "«Проверить» отправляет на адрес подписанное событие ping и показывает ответ получателя.";
    TestButton => "Test", "Проверить";
    TestDelivered => "The ping {event} was delivered: {status} in {ms} ms.", "Событие ping {event} доставлено: {status} за {ms} мс.";
    TestFailed => "The ping failed after {ms} ms: {outcome}.", "Событие ping не доставлено за {ms} мс: {outcome}.";
    ReceiverSaid => "The receiver answered:", "Ответ получателя:";
    TestTaken => "The ping was taken by another process; see the deliveries below.", "Событие ping взял другой процесс; см. доставки ниже.";
    ReplaceSecret => "Replace the secret", "Заменить секрет";
    SecretGraceLabel => "Old secret also signs", "Старый секрет тоже подписывает";
    SecretOverlap => "Copy it now: it is shown only this once. Until {until} every event is signed with both secrets.", "Скопируйте его сейчас: он показывается только один раз. До {until} события подписываются обоими секретами.";
    RetryFailed => "Retry every failed delivery", "Повторить все неудачные доставки";
    SinceLabel => "Of events since", "Событий за";
    SinceHour => "the last hour", "последний час";
    SinceDay => "the last 24 hours", "последние 24 часа";
    SinceWeek => "the last 7 days", "последние 7 дней";
    SinceEver => "all time", "всё время";
    Enable => "Enable", "Включить";
    Disable => "Disable", "Отключить";
    RemoveHook => "Remove the address", "Удалить адрес";
    DoneHookDisabled => "The address is disabled; its deliveries are kept until it is enabled.", "Адрес отключён; доставки для него сохраняются до включения.";
    DoneHookEnabled => "The address is enabled; kept deliveries go out now.", "Адрес включён; сохранённые доставки отправляются.";
    DoneHookRemoved => "The address is removed.", "Адрес удалён.";
    DoneRetried => "The deliveries are due again; the delivery loop sends them in a moment.", "Доставки снова поставлены в очередь и скоро будут отправлены.";
    DeliveriesTitle => "Deliveries of the last 7 days", "Доставки за последние 7 дней";
    DeliveryHead => "Delivery", "Доставка";
    EventHead => "Event", "Событие";
    AttemptsHead => "Attempts", "Попытки";
    NoDeliveries => "No deliveries in the last 7 days.", "За последние 7 дней доставок не было.";
    Retry => "Retry", "Повторить";
    NotRetriable => "Only a failed delivery can be retried.", "Повторить можно только неудачную доставку.";
    AttemptsTitle => "Attempts", "Попытки";
    AttemptHead => "No.", "№";
    TriggerHead => "Cause", "Причина";
    StartedHead => "Started", "Начало";
    DurationHead => "Took", "Длительность";
    OutcomeHead => "Outcome", "Результат";
    ReasonHead => "Reason", "Объяснение";
    NoAttempts => "No attempts yet.", "Попыток пока не было.";
    WidgetsTitle => "Widgets", "Виджеты";
    WidgetsIntro => "Paste a widget's code into a partner page. Add the resize script once per page so the frames fit their content.", "Вставьте код виджета на страницу партнёра. Добавьте скрипт подгонки высоты один раз на страницу, чтобы рамки подстраивались под содержимое.";
    ResizeScript => "Resize script", "Скрипт подгонки высоты";
    ResizeScriptHelp => "Once per page, after the frames", "Один раз на страницу, после рамок";
    NoPublished => "The space has no published tournaments yet: their widgets appear here once announced.", "У пространства пока нет опубликованных турниров: их виджеты появятся здесь после анонса.";
    AuditTitle => "Recent changes", "Последние изменения";
    WhenHead => "When", "Когда";
    WhoHead => "Who", "Кто";
    WhatHead => "What", "Что";
    TargetHead => "On", "Над чем";
    NoAudit => "Nothing recorded yet.", "Пока ничего не записано.";
    MembersTitle => "Members", "Участники";
    AddedHead => "Added", "Добавлен";
    ChangeRole => "Change the role", "Сменить роль";
    RemoveMember => "Remove", "Удалить";
    Invite => "Invite", "Пригласить";
    InvitationLabel => "The invitation's sign-in link", "Ссылка для входа по приглашению";
    InvitationWarning => "Send it to the person now: it is shown only this once, works once, and expires in 7 days.", "Отправьте её человеку сейчас: она показывается только один раз, действует однократно и истекает через 7 дней.";
    LastOwner => "The space must keep at least one owner: make someone else an owner first.", "У пространства должен остаться хотя бы один владелец: сначала назначьте владельцем кого-то ещё.";
    AlreadyMember => "This person is a member of the space already.", "Этот человек уже участник пространства.";
    RoleInvalid => "Choose owner or administrator.", "Выберите «владелец» или «администратор».";
    MemberGone => "This person is not a member of the space.", "Этот человек не участник пространства.";
    DoneRoleChanged => "The role is changed.", "Роль изменена.";
    DoneMemberRemoved => "The member is removed.", "Участник удалён.";
    StationsTitle => "Stations", "Площадки";
    StationsHelp => "The tables, courts or boards where matches are called, in the order calls prefer them. A tournament plays on them once its settings name them.", "Столы, корты или доски, куда вызываются матчи, в порядке, в котором их занимают вызовы. Турнир играет на них, когда они указаны в его настройках.";
    StationsNone => "No station yet.", "Площадок пока нет.";
    StationHead => "Station", "Площадка";
    StationStateHead => "State", "Состояние";
    StationHoldsHead => "Now", "Сейчас";
    StationOpen => "open", "работает";
    StationPausedState => "paused: nothing new is called to it", "на паузе: новые матчи сюда не вызываются";
    StationFree => "free", "свободна";
    StationsAdd => "Add stations", "Добавить площадки";
    StationsNamesLabel => "Names, one per line", "Названия, по одному в строке";
    StationsNamesHint => "Unique in the space (case and extra spaces aside), no commas: Table 1, Court A.", "Уникальные в пространстве (без учёта регистра и лишних пробелов), без запятых: Стол 1, Корт А.";
    StationPause => "Pause", "Приостановить";
    StationResume => "Resume", "Возобновить";
    StationRemove => "Remove", "Удалить";
    DoneStationsAdded => "The stations are added.", "Площадки добавлены.";
    DonePlaceSaved => "The place is saved.", "Место сохранено.";
    PlaceHeading => "Where the tournaments are played", "Где проходят турниры";
    PlaceLabel => "Venue and address", "Место и адрес";
    PlaceHint => "One line, at most 200 characters: Club Gambit, 12 Nevsky Prospekt, Saint Petersburg. Search engines show it as the location of the space's tournaments; leave it empty when they are played online.", "Одна строка, не больше 200 символов: Клуб «Гамбит», Невский проспект, 12, Санкт-Петербург. Поисковики показывают его как место турниров пространства; оставьте пустым, если турниры проходят онлайн.";
    PlaceSave => "Save the place", "Сохранить место";
    PlaceOnline => "Online: no place is given.", "Онлайн: место не указано.";
    PlaceNotDone => "The place is not saved.", "Место не сохранено.";
    DoneStationPaused => "The station is paused: nothing new is called to it.", "Площадка приостановлена: новые матчи сюда не вызываются.";
    DoneStationResumed => "The station is open again.", "Площадка снова работает.";
    DoneStationRemoved => "The station is removed.", "Площадка удалена.";
    StationsNotDone => "Nothing was changed:", "Ничего не изменено:";
    RoomTitle => "Stations and calls", "Площадки и вызовы";
    RoomLink => "Stations and calls", "Площадки и вызовы";
    RoomNotOnStations => "This tournament plays on no station: nothing is called. Name its stations in its settings.", "Турнир не играет на площадках: вызовов нет. Укажите площадки в его настройках.";
    RoomNoStationServes => "No station is open to this tournament: add stations, or name them in its settings.", "Для этого турнира нет площадок: добавьте их или укажите в настройках турнира.";
    RoomCalledAt => "called at {at}", "вызван в {at}";
    RoomPlayingSince => "playing since {at}", "играют с {at}";
    RoomNoShow => "No-show? Called at {at}, not begun", "Неявка? Вызван в {at}, игра не началась";
    RoomOtherTournament => "a match of {t}", "матч турнира {t}";
    RoomCallNext => "Call next", "Вызвать следующий";
    RoomPlaying => "Playing", "Играют";
    RoomForfeitOf => "{n} forfeits", "Неявка: {n}";
    RoomTakeBack => "Take back", "Отменить вызов";
    RoomQueue => "Waiting for a station, first called first", "Ждут площадку, по очереди вызова";
    RoomQueueEmpty => "No match waits for a station.", "Ни один матч не ждёт площадку.";
    RoomRestingUntil => "resting until {at}", "отдых до {at}";
    NotBefore => "not before {at}", "не раньше {at}";
    RoomCall => "Call now", "Вызвать сейчас";
    RoomMove => "Move", "Перенести";
    RoomTo => "To", "Куда";
    RoomFirstFree => "the first free station", "первая свободная площадка";
    DoneCalled => "The match is called.", "Матч вызван.";
    DoneCalledEarly => "The match is called before the time its players were given; they may not be here yet.", "Матч вызван раньше времени, названного игрокам: их может ещё не быть на месте.";
    DoneStarted => "The match is being played.", "Матч начался.";
    DoneUncalled => "The call is taken back: the match waits in the queue again.", "Вызов отменён: матч снова в очереди.";
    DoneForfeit => "The forfeit is recorded.", "Неявка записана.";
    RoomStationsLabel => "Stations", "Площадки";
    RoomStationsHint => "all, or station names separated by commas; empty: none, and nothing is called.", "all или названия площадок через запятую; пусто — без площадок, вызовов нет.";
    MatchDurationLabel => "Expected length of a match", "Ожидаемая длительность матча";
    MatchDurationHint => "Until matches are played: 20m, 1h (1s to 1d; empty: 20m).", "Пока матчи не сыграны: 20m, 1h (от 1s до 1d; пусто — 20m).";
    RestLabel => "Rest between a player's matches", "Отдых между матчами игрока";
    RestHint => "0s, 5m (at most 1d; empty: none).", "0s, 5m (не больше 1d; пусто — без отдыха).";
    NoShowAfterLabel => "Flag a no-show after", "Отмечать неявку через";
    NoShowAfterHint => "A called match not begun in this time is flagged: 5m (1s to 1d; empty: 5m).", "Вызванный матч, не начатый за это время, отмечается: 5m (от 1s до 1d; пусто — 5m).";
    RefStationHolds => "station {station} holds another match: take its call back or record its result first", "площадка {station} занята другим матчем: сначала отмените вызов или внесите результат";
    RefRoomPaused => "station {station} is paused: resume it first", "площадка {station} приостановлена: сначала возобновите её";
    RefPlayerBusy => "{who} is called to {station} already: a player is called to one station at a time", "{who} уже вызван на площадку {station}: игрок вызывается только на одну площадку";
    RefNothingToCall => "no waiting match may be called to {station} now: none waits, or its players are on another station or resting", "сейчас на площадку {station} некого вызвать: никто не ждёт, или игроки на другой площадке или отдыхают";
    RefNoFreeStation => "no station of this tournament is free and open", "у турнира нет свободной работающей площадки";
    RefNotCalled => "this match is not called to a station", "этот матч не вызван на площадку";
    RefAlreadyStarted => "this match is being played already", "этот матч уже играется";
    RefAlreadyCalled => "this match is already called to {station}", "этот матч уже вызван на площадку {station}";
    RefNotServing => "station {station} is not one this tournament plays on", "площадка {station} не относится к этому турниру";
    RefStationTaken => "station {station} was given another match meanwhile", "площадку {station} за это время занял другой матч";
    RefStationExists => "the space already has a station {name}", "в пространстве уже есть площадка {name}";
    RefPlace => "the place is one line of at most 200 characters", "место — одна строка до 200 символов";
    RefStationName => "a station's name is one line of at most 64 characters, with no comma, and not all", "название площадки — одна строка до 64 символов, без запятых и не all";
    RefNotCallable => "this match is not ready between two players", "этот матч не готов: нет двух участников";
    RefRoomNotInPlay => "the tournament is not in play: it is {status}", "турнир не идёт: сейчас — {status}";
    RefTiming => "a match's length and the no-show wait are from 1s to 1d, the rest at most 1d", "длительность матча и время до неявки — от 1s до 1d, отдых — не больше 1d";
    RefStationMissing => "the space has no station {name}", "в пространстве нет площадки {name}";
    PlayerCalled => "Your match is called: {station}", "Ваш матч вызван: {station}";
    PlayerCalledAgainst => "Against {name}, called at {at}. Go to {station} now.", "Соперник — {name}, вызов в {at}. Пройдите на площадку {station}.";
    PlayerPlayingAt => "Your match is being played at {station}.", "Ваш матч идёт на площадке {station}.";
    ScreenTitle => "Venue screen", "Экран зала";
    ScreenOpen => "Open the venue screen (for the hall's big screen)", "Открыть экран зала (для большого экрана в зале)";
    ScreenOpenSpace => "Open the venue screen of every tournament in play", "Открыть экран зала со всеми идущими турнирами";
    ScreenOnceShown => "The venue screen opens once the tournament is published.", "Экран зала откроется, когда турнир будет опубликован.";
    ScreenCalled => "Called", "Вызов";
    ScreenPlaying => "Playing", "Идёт игра";
    ScreenFree => "Free", "Свободна";
    ScreenPaused => "Paused", "Пауза";
    ScreenInUse => "In use", "Занята";
    ScreenNext => "Next calls", "Следующие вызовы";
    ScreenNextFree => "next free station", "на ближайшую свободную";
    ScreenNextNone => "No match is waiting for a station.", "Ни один матч не ждёт площадки.";
    ScreenResults => "Latest results", "Последние результаты";
    ScreenResultsNone => "No results yet.", "Результатов пока нет.";
    ScreenForfeit => "forfeit", "техническое поражение";
    ScreenSince => "{n} min", "{n} мин";
    ScreenNoShow => "No-show?", "Неявка?";
    ScreenVersus => "vs", "против";
    ScreenPageOf => "Stations, page {n} of {of}", "Площадки, страница {n} из {of}";
    ScreenNothingInPlay => "No tournament is being played on stations now.", "Сейчас ни один турнир не играется на площадках.";
    ScreenNoStations => "This tournament is not played on stations.", "Этот турнир играется без площадок.";
    ScreenNotInPlay => "Stations are shown here once the tournament is under way.", "Площадки появятся здесь, когда турнир начнётся.";
    PlayerNextAt => "Your next match: not before {at}", "Ваш следующий матч: не раньше {at}";
    PlayerNextAgainst => "Against {name}. You will be called to a station; this page will say which.", "Соперник — {name}. Вас вызовут на площадку, эта страница скажет, на какую.";
    PlayerCalendar => "Add my matches to my calendar (.ics)", "Добавить мои матчи в календарь (.ics)";
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

    /// The text in `locale` with each `{name}` replaced by its value, in one pass: a value that
    /// itself holds a placeholder (a player named "{b}") stays as written.
    pub fn fill(self, locale: Locale, values: &[(&str, &str)]) -> String {
        let mut out = String::new();
        let mut rest = self.get(locale);
        while let Some(open) = rest.find('{') {
            out.push_str(&rest[..open]);
            let after = &rest[open + 1..];
            let value = after.find('}').and_then(|close| {
                let name = &after[..close];
                values
                    .iter()
                    .find(|(key, _)| *key == name)
                    .map(|(_, value)| (*value, close))
            });
            match value {
                Some((value, close)) => {
                    out.push_str(value);
                    rest = &after[close + 1..];
                }
                None => {
                    out.push('{');
                    rest = after;
                }
            }
        }
        out.push_str(rest);
        out
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

    /// A status as the desk says it to its organisers: a draft is a draft (public pages never
    /// show one).
    pub fn desk_status(status: crate::domain::TournamentStatus) -> T {
        match status {
            crate::domain::TournamentStatus::Draft => T::StatusDraft,
            other => T::status(other),
        }
    }

    /// A delivery's state in words.
    pub fn delivery_status(status: crate::domain::DeliveryStatus) -> T {
        use crate::domain::DeliveryStatus as D;
        match status {
            D::Pending => T::DeliveryPending,
            D::InFlight => T::DeliveryInFlight,
            D::Succeeded => T::DeliverySucceeded,
            D::Failed => T::DeliveryFailed,
        }
    }

    /// A member's role in words.
    pub fn role(role: crate::domain::Role) -> T {
        use crate::domain::Role as R;
        match role {
            R::Owner => T::RoleOwner,
            R::Administrator => T::RoleAdministrator,
            R::Reporter => T::RoleReporter,
        }
    }

    /// What made an attempt, in words.
    pub fn trigger(trigger: crate::domain::Trigger) -> T {
        use crate::domain::Trigger as G;
        match trigger {
            G::Scheduled => T::TriggerScheduled,
            G::Manual => T::TriggerManual,
            G::Ping => T::TriggerPing,
        }
    }

    /// The product's own actors in the audit log in words (`None`: a person or an operator,
    /// named as recorded).
    pub fn actor(actor: &str) -> Option<T> {
        Some(match actor {
            "portal" => T::ActorPortal,
            "schedule" => T::ActorSchedule,
            "sign-in" => T::ActorSignIn,
            _ => return None,
        })
    }

    /// The localized name of a stage's kind.
    pub fn stage_type(stage_type: crate::domain::StageType) -> T {
        use crate::domain::StageType as S;
        match stage_type {
            S::SingleElimination => T::FormatSingleElimination,
            S::DoubleElimination => T::FormatDoubleElimination,
            S::RoundRobin => T::FormatRoundRobin,
            S::Swiss => T::FormatSwiss,
            S::Groups => T::StageGroups,
            S::FreeForAll => T::FormatFreeForAll,
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

/// `18:42 UTC`: a time of the day, in a room where everyone knows the date.
pub fn clock(ms: i64) -> String {
    let (.., hour, minute) = crate::timestamp::utc_parts(ms);
    format!("{hour:02}:{minute:02} UTC")
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

    /// The `{name}` placeholders of a text, in order of name.
    fn placeholders(text: &str) -> Vec<&str> {
        let mut names: Vec<&str> = text
            .split('{')
            .skip(1)
            .filter_map(|rest| rest.split_once('}').map(|(name, _)| name))
            .collect();
        names.sort_unstable();
        names
    }

    #[test]
    fn every_text_is_translated() {
        for t in T::ALL {
            assert!(!t.en().is_empty() && !t.ru().is_empty(), "{t:?}");
            assert_ne!(t.en(), t.ru(), "{t:?} is not translated");
            assert_eq!(placeholders(t.en()), placeholders(t.ru()), "{t:?}");
        }
    }
}
