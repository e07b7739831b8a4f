//! Why the service refused a person's action, in the page's language: the service words its
//! refusals in English (the shell's language); this says the ones the desk's and the section's
//! forms and a player's own page meet in Russian too, with the same facts (the tournament, the
//! status, the numbers). A refusal not listed here (one those forms cannot cause) keeps the
//! service's English words.
//!
//! Pure: words only, for refusals already made.

use crate::domain::engine::EngineError;
use crate::domain::entry::{EntryError, RosterError};
use crate::domain::self_report::SelfReportError;
use crate::domain::settings::{MAX_PARTICIPANTS, SettingsError};
use crate::domain::{Locale, TournamentStatus};
use crate::pages::i18n::T;
use crate::service::{Conflict, Field, Invalid, Rule, ServiceError};

/// The reason `error` gives, in `locale`.
pub(crate) fn reason(error: &ServiceError, locale: Locale) -> String {
    match locale {
        Locale::Ru => in_russian(error).unwrap_or_else(|| error.to_string()),
        Locale::En => error.to_string(),
    }
}

fn status(status: TournamentStatus) -> &'static str {
    T::status(status).get(Locale::Ru)
}

fn in_russian(error: &ServiceError) -> Option<String> {
    Some(match error {
        ServiceError::Conflict(conflict) => conflict_in_russian(conflict)?,
        ServiceError::Rule(rule) => rule_in_russian(rule)?,
        ServiceError::Invalid(invalid) => invalid_in_russian(invalid)?,
        _ => return None,
    })
}

fn conflict_in_russian(conflict: &Conflict) -> Option<String> {
    Some(match conflict {
        Conflict::TournamentExists { slug } => {
            format!("адрес «{slug}» уже занят другим турниром; адреса уникальны во всём сервисе")
        }
        Conflict::AlreadyRegistered { name, .. } => format!("«{name}» уже зарегистрирован"),
        Conflict::EmailTaken { .. } => "этот адрес почты уже зарегистрирован".to_owned(),
        Conflict::Full { taken, max } => format!("все места заняты: {taken} из {max}"),
        Conflict::WaitingListFull { max } => {
            format!("все места заняты, лист ожидания тоже ({max})")
        }
        Conflict::CheckInProcessed { .. } => "итоги отметки уже применены".to_owned(),
        Conflict::FieldChanged { .. } => "состав участников изменился после загрузки страницы \
             (кто-то зарегистрировался или снялся); посмотрите на него ещё раз"
            .to_owned(),
        Conflict::AlreadyDrawn { .. } => "сетка турнира уже построена".to_owned(),
        Conflict::ClaimChanged { .. } => "результат этого матча изменился после загрузки \
             страницы; ничего не изменено: посмотрите на него ещё раз"
            .to_owned(),
        _ => return None,
    })
}

fn rule_in_russian(rule: &Rule) -> Option<String> {
    Some(match rule {
        Rule::Move(refused) if refused.from == refused.to => {
            format!("турнир уже в состоянии «{}»", status(refused.to))
        }
        Rule::Move(refused) => format!(
            "из состояния «{}» нельзя перейти в «{}»",
            status(refused.from),
            status(refused.to)
        ),
        Rule::RegistrationClosed { status: s, .. } => {
            format!(
                "регистрация не открыта: турнир в состоянии «{}»",
                status(*s)
            )
        }
        Rule::WithdrawalClosed { status: s } => format!(
            "турнир в состоянии «{}»: сняться можно только до начала",
            status(*s)
        ),
        Rule::NotStartable { status: s, .. } => format!(
            "начать можно только турнир с закрытой регистрацией; этот — в состоянии «{}»",
            status(*s)
        ),
        Rule::CannotStart {
            error: EngineError::TooFewParticipants { min, have, .. },
            ..
        } => format!("нужно хотя бы {min} участника, а их {have}"),
        Rule::NotInPlay { status: s, .. } => format!(
            "результаты вносятся, пока турнир идёт; он в состоянии «{}»",
            status(*s)
        ),
        Rule::NotCorrectable { status: s, .. } => format!(
            "турнир в состоянии «{}»: исправлять можно результаты идущего или завершённого турнира",
            status(*s)
        ),
        Rule::WouldReopen { .. } => "турнир завершён, а новый результат переиграл бы следующие \
             матчи; так его исправить нельзя"
            .to_owned(),
        Rule::Match { error, .. } => match error {
            EngineError::AlreadyCompleted => {
                "матч уже сыгран (возможно, его только что внесли с другой страницы); \
                 исправьте результат, если нужно"
                    .to_owned()
            }
            EngineError::NotReady(_) => "матч ещё не готов: не известны оба участника".to_owned(),
            EngineError::NotCompleted(_) => "матч не сыгран: исправлять нечего".to_owned(),
            EngineError::DrawNotAllowed => {
                "в матче на выбывание нужен победитель: ничья невозможна".to_owned()
            }
            EngineError::Bye => "это пропуск тура: у него нет результата".to_owned(),
            EngineError::PlacesExpected | EngineError::BadPlaces(_) => {
                "в раунде «все против всех» укажите место каждого участника, каждое место \
                 один раз"
                    .to_owned()
            }
            EngineError::ScoreExpected => "у матча две стороны: укажите счёт".to_owned(),
            _ => return None,
        },
        Rule::Drawn {
            status: s, setting, ..
        } => {
            let what = match *setting {
                "start" => "время начала",
                "capacity" => "число мест",
                _ => return None,
            };
            format!(
                "турнир в состоянии «{}»: {what} меняется только до начала",
                status(*s)
            )
        }
        Rule::BelowField { taken, .. } => {
            format!("зарегистрировано {taken}: мест не может быть меньше")
        }
        Rule::NoCheckIn { .. } => "у турнира нет отметки".to_owned(),
        Rule::CheckInOver { .. } => "отметка уже закончилась".to_owned(),
        Rule::TeamsFixed { .. } => {
            "уже есть регистрации: командный формат меняется только до первой".to_owned()
        }
        Rule::RostersOutside { teams, .. } => {
            format!("составы зарегистрированных команд ({teams}) не подходят под этот размер")
        }
        Rule::BelowWaiting { waiting, .. } => {
            format!("ждут места {waiting}: лист ожидания не может быть короче")
        }
        Rule::EntryFixed { status: s, .. } => format!(
            "турнир в состоянии «{}»: отметка, команды и лист ожидания меняются только пока \
             открыта регистрация",
            status(*s)
        ),
        Rule::WaitsForAPlace { who, .. } => {
            format!("«{who}» ждёт места: посев только для основного состава")
        }
        Rule::NotSeedable { status: s, .. } => format!(
            "турнир в состоянии «{}»: посев задаётся только до начала",
            status(*s)
        ),
        Rule::Over { status: s, .. } => format!(
            "турнир в состоянии «{}»: кто сообщает результаты, уже не меняется",
            status(*s)
        ),
        Rule::NoSelfReport { .. } => "в этом турнире результаты сообщают организаторы".to_owned(),
        Rule::NotYourMatch { .. } => "это не ваш матч, или он ещё не готов к игре".to_owned(),
        Rule::OwnClaim { .. } => {
            "результат сообщили вы: подтверждает или оспаривает его соперник".to_owned()
        }
        Rule::Disputed { .. } => "результат оспорен: его решит организатор".to_owned(),
        Rule::AnswerTooLate { .. } => "время ответа вышло: сообщённый результат принят".to_owned(),
        _ => return None,
    })
}

fn invalid_in_russian(invalid: &Invalid) -> Option<String> {
    Some(match invalid {
        Invalid::Entry(error) => match error {
            EntryError::CheckInWindow => "отметка должна открываться раньше, чем закрывается \
                 (обе — до начала), и не раньше чем за 7 дней до начала"
                .to_owned(),
            EntryError::TeamSize => {
                "размер команды — от MIN до MAX игроков, 1 ≤ MIN ≤ MAX".to_owned()
            }
            EntryError::WaitingList => {
                format!("в листе ожидания от 1 до {MAX_PARTICIPANTS} мест (0 — без листа)")
            }
        },
        Invalid::Settings(error) => match error {
            SettingsError::Capacity => {
                format!("мест должно быть от 2 до {MAX_PARTICIPANTS}")
            }
            SettingsError::OnlyFor { .. } | SettingsError::GroupsTogether { .. } => {
                "эта настройка не подходит к выбранному формату".to_owned()
            }
            SettingsError::GroupRange => {
                "групп должно быть не меньше одной, и из каждой выходит хотя бы один".to_owned()
            }
            SettingsError::PlayoffTooSmall => "в плей-офф нужно хотя бы 2 участника".to_owned(),
            SettingsError::Thresholds => {
                "пороги побед и поражений задаются вместе, вместо числа раундов".to_owned()
            }
            SettingsError::GroupsNeedPlaces { groups } => {
                format!("для {groups} групп нужно хотя бы {} мест", groups * 2)
            }
            SettingsError::NoRounds => "нужен хотя бы 1 тур".to_owned(),
            SettingsError::PointsOrder => {
                "очки — за места 1, 2, 3, …, и за место ниже не больше, чем за место выше"
                    .to_owned()
            }
        },
        Invalid::SelfReport(error) => match error {
            SelfReportError::FreeForAll => {
                "в формате «все против всех» результаты раундов сообщают организаторы".to_owned()
            }
            SelfReportError::Window => "время на подтверждение — от 1 секунды до 7 дней".to_owned(),
            SelfReportError::WindowWithoutReports => {
                "время на подтверждение нужно, только когда результаты сообщают игроки".to_owned()
            }
        },
        Invalid::Roster(error) => match error {
            RosterError::NotATeamTournament => {
                "турнир для игроков, а не команд: состав не нужен".to_owned()
            }
            RosterError::TooFew { fewest } => {
                format!("в команде должно быть хотя бы {fewest} игроков")
            }
            RosterError::TooMany { most } => format!("в команде не больше {most} игроков"),
            RosterError::Name { position, .. } => {
                format!("имя игрока {position} пустое, слишком длинное или с недопустимыми знаками")
            }
            RosterError::Twice { name } => format!("игрок «{name}» назван дважды"),
        },
        Invalid::Field { field, .. } => match field {
            Field::Slug => {
                "адрес: строчные латинские буквы, цифры и дефисы, от 3 до 64 знаков".to_owned()
            }
            Field::Name | Field::ParticipantName => {
                "название пустое, слишком длинное или с недопустимыми знаками".to_owned()
            }
            Field::Game => "игра: пусто, слишком длинно или недопустимые знаки".to_owned(),
            Field::Description => "описание слишком длинное или с недопустимыми знаками".to_owned(),
            Field::Email => "это не адрес электронной почты".to_owned(),
            Field::Seeds => "каждый участник указан в порядке посева один раз".to_owned(),
            _ => return None,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::lifecycle::MoveRefused;

    #[test]
    fn refusals_the_desk_meets_are_said_in_russian_with_their_facts() {
        let full = ServiceError::Conflict(Conflict::Full { taken: 8, max: 8 });
        assert_eq!(reason(&full, Locale::Ru), "все места заняты: 8 из 8");
        assert_eq!(reason(&full, Locale::En), full.to_string());
        let moved = ServiceError::Rule(Rule::Move(MoveRefused {
            from: TournamentStatus::Completed,
            to: TournamentStatus::Cancelled,
        }));
        let said = reason(&moved, Locale::Ru);
        assert!(said.contains("Завершён"), "{said}");
        let reported = ServiceError::Rule(Rule::Match {
            id: crate::ids::MatchId::from_raw(1),
            error: EngineError::AlreadyCompleted,
        });
        assert!(reason(&reported, Locale::Ru).starts_with("матч уже сыгран"));
    }

    #[test]
    fn a_refusal_not_listed_keeps_the_services_words() {
        let other = ServiceError::Storage(crate::db::DbError::Corrupt("a score of -1".into()));
        assert_eq!(reason(&other, Locale::Ru), other.to_string());
    }
}
