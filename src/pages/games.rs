//! The catalogue of games: the id an organiser gives a tournament's game ("chess", "cs2") and
//! its name in each locale. Pages show the name; the API and webhooks keep the id as stored.
//! An id the catalogue does not know is shown exactly as given.
//!
//! Lookup ignores case, and `-`, `_` and spaces between words, so "Dota-2" finds "dota_2".

use crate::domain::Locale;

/// Id (lower case, words joined by `_`), English name, Russian name.
const GAMES: &[(&str, &str, &str)] = &[
    ("chess", "Chess", "Шахматы"),
    ("go", "Go", "Го"),
    ("checkers", "Checkers", "Шашки"),
    ("draughts", "Draughts", "Шашки"),
    ("backgammon", "Backgammon", "Нарды"),
    ("poker", "Poker", "Покер"),
    ("scrabble", "Scrabble", "Скрэббл"),
    ("table_tennis", "Table tennis", "Настольный теннис"),
    ("tennis", "Tennis", "Теннис"),
    ("badminton", "Badminton", "Бадминтон"),
    ("football", "Football", "Футбол"),
    ("futsal", "Futsal", "Мини-футбол"),
    ("volleyball", "Volleyball", "Волейбол"),
    ("basketball", "Basketball", "Баскетбол"),
    ("hockey", "Ice hockey", "Хоккей"),
    ("darts", "Darts", "Дартс"),
    ("billiards", "Billiards", "Бильярд"),
    ("dota_2", "Dota 2", "Dota 2"),
    ("dota2", "Dota 2", "Dota 2"),
    ("cs2", "Counter-Strike 2", "Counter-Strike 2"),
    ("counter_strike_2", "Counter-Strike 2", "Counter-Strike 2"),
    ("valorant", "Valorant", "Valorant"),
    (
        "league_of_legends",
        "League of Legends",
        "League of Legends",
    ),
    ("lol", "League of Legends", "League of Legends"),
    ("overwatch_2", "Overwatch 2", "Overwatch 2"),
    ("rocket_league", "Rocket League", "Rocket League"),
    ("hearthstone", "Hearthstone", "Hearthstone"),
    ("starcraft_2", "StarCraft II", "StarCraft II"),
    ("sc2", "StarCraft II", "StarCraft II"),
    ("tekken_8", "Tekken 8", "Tekken 8"),
    ("street_fighter_6", "Street Fighter 6", "Street Fighter 6"),
    ("sf6", "Street Fighter 6", "Street Fighter 6"),
    (
        "smash_ultimate",
        "Super Smash Bros. Ultimate",
        "Super Smash Bros. Ultimate",
    ),
    ("ea_fc", "EA Sports FC", "EA Sports FC"),
    ("fortnite", "Fortnite", "Fortnite"),
    ("pubg", "PUBG: Battlegrounds", "PUBG: Battlegrounds"),
    ("apex_legends", "Apex Legends", "Apex Legends"),
    ("mtg", "Magic: The Gathering", "Magic: The Gathering"),
    (
        "magic_the_gathering",
        "Magic: The Gathering",
        "Magic: The Gathering",
    ),
    (
        "pokemon_tcg",
        "Pokémon Trading Card Game",
        "Коллекционная карточная игра «Покемон»",
    ),
    ("mahjong", "Mahjong", "Маджонг"),
    ("mafia", "Mafia", "Мафия"),
    ("what_where_when", "What? Where? When?", "Что? Где? Когда?"),
];

/// The name of the game `id` in `locale`, or `id` itself when the catalogue does not know it.
pub fn display_name(locale: Locale, id: &str) -> String {
    let key = normalise(id);
    GAMES
        .iter()
        .find(|(known, _, _)| *known == key)
        .map_or_else(
            || id.to_owned(),
            |(_, en, ru)| match locale {
                Locale::En => (*en).to_owned(),
                Locale::Ru => (*ru).to_owned(),
            },
        )
}

/// Lower case, with runs of `-`, `_` and spaces as one `_`, trimmed.
fn normalise(id: &str) -> String {
    id.trim()
        .to_lowercase()
        .split(['-', '_', ' '])
        .filter(|word| !word.is_empty())
        .collect::<Vec<_>>()
        .join("_")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_games_read_in_each_locale_and_unknown_ids_as_given() {
        assert_eq!(display_name(Locale::En, "chess"), "Chess");
        assert_eq!(display_name(Locale::Ru, "chess"), "Шахматы");
        assert_eq!(display_name(Locale::En, "Dota-2"), "Dota 2");
        assert_eq!(
            display_name(Locale::Ru, " table tennis "),
            "Настольный теннис"
        );
        assert_eq!(display_name(Locale::Ru, "kendama-open"), "kendama-open");
    }

    #[test]
    fn every_id_is_in_normal_form_and_named_in_both_locales() {
        for (id, en, ru) in GAMES {
            assert_eq!(normalise(id), *id, "{id}");
            assert!(!en.is_empty() && !ru.is_empty(), "{id}");
        }
    }
}
