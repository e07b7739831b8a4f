-- The room (docs/desk.md "Running the room"): a space's stations, the tournaments that play on
-- them, and the match each station holds.
--
-- A station is named uniquely in its space among those not removed (`name_key`: the name with
-- case, compatibility forms and runs of spaces folded, as players' names are). A removed station
-- keeps its row, so that the matches played on it still name it.
CREATE TABLE stations (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    space_id   INTEGER NOT NULL REFERENCES spaces (id),
    name       TEXT    NOT NULL,
    name_key   TEXT    NOT NULL,
    paused     BOOLEAN NOT NULL DEFAULT FALSE,
    created_at INTEGER NOT NULL,
    removed_at INTEGER
);
CREATE UNIQUE INDEX stations_name_in_space ON stations (space_id, name_key) WHERE removed_at IS NULL;

-- A tournament plays on every station of its space (`all`, present and future), on the stations
-- listed in `tournament_stations` (`listed`), or on none (NULL: nothing is called). Durations in
-- milliseconds: the expected length of a match before any is played, the least time between a
-- player's matches, and how long a called match may wait for its players before it is flagged.
ALTER TABLE tournaments ADD COLUMN stations TEXT CHECK (stations IN ('all', 'listed'));
ALTER TABLE tournaments ADD COLUMN match_duration INTEGER NOT NULL DEFAULT 1200000 CHECK (match_duration >= 1000);
ALTER TABLE tournaments ADD COLUMN rest_between INTEGER NOT NULL DEFAULT 0 CHECK (rest_between >= 0);
ALTER TABLE tournaments ADD COLUMN no_show_after INTEGER NOT NULL DEFAULT 300000 CHECK (no_show_after >= 1000);
CREATE TABLE tournament_stations (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    station_id    INTEGER NOT NULL REFERENCES stations (id),
    PRIMARY KEY (tournament_id, station_id)
);

-- A match called to a station: where, since when, and since when it is played. A station holds
-- at most one match not completed: the database refuses a second, whichever process or
-- tournament asks. A completed match keeps its station, as where it was played.
ALTER TABLE matches ADD COLUMN station_id INTEGER REFERENCES stations (id);
ALTER TABLE matches ADD COLUMN called_at INTEGER;
ALTER TABLE matches ADD COLUMN started_at INTEGER;
ALTER TABLE matches ADD COLUMN not_before INTEGER;
CREATE UNIQUE INDEX matches_one_per_station ON matches (station_id)
    WHERE station_id IS NOT NULL AND status <> 'completed';

CREATE TRIGGER stations_inserted AFTER INSERT ON stations BEGIN UPDATE versions SET data = data + 1; END;
CREATE TRIGGER stations_updated AFTER UPDATE ON stations BEGIN UPDATE versions SET data = data + 1; END;
CREATE TRIGGER stations_deleted AFTER DELETE ON stations BEGIN UPDATE versions SET data = data + 1; END;
CREATE TRIGGER tournament_stations_inserted AFTER INSERT ON tournament_stations BEGIN UPDATE versions SET data = data + 1; END;
CREATE TRIGGER tournament_stations_deleted AFTER DELETE ON tournament_stations BEGIN UPDATE versions SET data = data + 1; END;
