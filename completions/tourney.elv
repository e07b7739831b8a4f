
use builtin;
use str;

set edit:completion:arg-completer[tourney] = {|@words|
    fn spaces {|n|
        builtin:repeat $n ' ' | str:join ''
    }
    fn cand {|text desc|
        edit:complex-candidate $text &display=$text' '(spaces (- 14 (wcswidth $text)))$desc
    }
    var command = 'tourney'
    for word $words[1..-1] {
        if (str:has-prefix $word '-') {
            break
        }
        set command = $command';'$word
    }
    var completions = [
        &'tourney'= {
            cand --database-url 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME'
            cand --base-url 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]'
            cand --actor 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
            cand serve 'Serve the read API, the widgets and the portal, and deliver webhooks, until SIGINT or SIGTERM'
            cand spaces 'Create and list organising spaces'
            cand db 'Database maintenance'
            cand tournaments 'Create and run tournaments: status moves, registrations, the start'
            cand audit 'Read the audit log: who changed what, when (newest last)'
            cand matches 'Report and correct match results'
            cand stages 'Plan a tournament''s stages (before its start) and reseed a drawn stage'
            cand stations 'Manage a space''s stations (tables, courts, boards), where matches are called to be played'
            cand hooks 'Manage a space''s webhook addresses and their deliveries'
            cand dispatch 'Deliver webhooks alone (serve delivers too): claim due deliveries, sign, send, retry on schedule'
            cand ping 'Send a signed test event to one webhook address now and print the outcome'
            cand verify 'Check a received webhook''s signature, or test a receiver (verify receiver URL)'
            cand embed 'Print the code that embeds a widget on a partner site: the iframe and the script that fits it to the widget''s height'
            cand demo 'Create the demo space: a tournament of every format in every interesting state'
            cand keys 'Create, list, revoke and roll API keys'
            cand members 'Manage who signs in to a space''s section (owners and administrators)'
            cand login-link 'Print a single-use link (15 minutes) that signs a member in to the portal''s section'
            cand import 'Load spaces and tournaments from a JSON document (all or nothing; see docs/import.md)'
            cand completions 'Print shell completions (or write them all with --out-dir)'
            cand man 'Print the man page (or write every page with --out-dir)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'tourney;serve'= {
            cand --listen 'Address to listen on; port 0 picks a free port (the bound address is printed)'
            cand --rate-limit 'Requests per API key in any 60-second window, counted for every server on the database together (give every replica the same N)'
            cand --rate-limit-window 'The window of the per-minute limits (the API''s, a private link''s, sign-in''s); only tests change it (the specification''s is a minute)'
            cand --form-limit 'Portal registrations accepted per client address in any --form-window (a venue''s players share one address: the default lets a hundred register within ten minutes, forty at once)'
            cand --form-window 'The sliding window --form-limit counts registrations in (at most 24h)'
            cand --player-limit 'Posts accepted per player''s private link per minute (check in, claim, answer, withdraw), whatever address they come from'
            cand --player-address-limit 'Posts to private links accepted per client address per minute, all links together (a flood bound, far above a venue''s crowd)'
            cand --sign-in-limit 'The section''s sign-in posts (password or link) accepted per client address per minute'
            cand --trusted-proxy 'A proxy in front of the server whose X-Forwarded-For names the client (for the limits per client address); repeatable, none by default'
            cand --session-idle 'How long a signed-in session lasts without a request; only tests change it'
            cand --session-lifetime 'How long a signed-in session lasts at most; only tests change it'
            cand --session-grace 'How long a session''s token keeps working after the session was given a new one (its person''s role changed); only tests change it'
            cand --live-streams 'Live pages'' event streams this process holds open at once; beyond it a page is answered 503 with Retry-After and follows by polling instead'
            cand --live-tick 'How often this process looks for changes that open live pages follow; only tests change it'
            cand --live-keep-alive 'How often an idle event stream sends a keep-alive comment; only tests change it'
            cand --concurrency 'Webhook requests in flight at once'
            cand --retry-delays 'Delays before attempts 2, 3, ... after a failure (the last failure marks it failed)'
            cand --lease 'How long a claimed delivery stays claimed if its loop stops renewing it (it is renewed while the loop holds it): the time after which another loop sends the deliveries of a loop that died'
            cand --disable-after 'Disable a webhook address whose every attempt has failed for this long (a 410 Gone answer disables it at once); `hooks enable` turns it back on'
            cand --allow-cidr 'Let webhooks reach this address range although it is private or internal (tests, on-premise receivers); repeatable, off by default'
            cand --root-cert 'Also trust this PEM root certificate (a test receiver''s CA)'
            cand --database-url 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME'
            cand --base-url 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]'
            cand --actor 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]'
            cand --demo 'On an empty database, load the demo space and print an API key and example requests'
            cand --no-dispatch 'Do not deliver webhooks from this process (run `tourney dispatch` for them instead)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'tourney;spaces'= {
            cand --database-url 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME'
            cand --base-url 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]'
            cand --actor 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
            cand create 'Create a space'
            cand list 'List every space'
            cand place 'Say where a space''s tournaments are played (search engines show it as their location), or that they are played online'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'tourney;spaces;create'= {
            cand --name 'Display name'
            cand --locale 'Default language of the space''s portal links and widgets'
            cand --database-url 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME'
            cand --base-url 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]'
            cand --actor 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'tourney;spaces;list'= {
            cand --database-url 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME'
            cand --base-url 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]'
            cand --actor 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'tourney;spaces;place'= {
            cand --database-url 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME'
            cand --base-url 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]'
            cand --actor 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]'
            cand --online 'The tournaments are played online: no place'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'tourney;spaces;help'= {
            cand create 'Create a space'
            cand list 'List every space'
            cand place 'Say where a space''s tournaments are played (search engines show it as their location), or that they are played online'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'tourney;spaces;help;create'= {
        }
        &'tourney;spaces;help;list'= {
        }
        &'tourney;spaces;help;place'= {
        }
        &'tourney;spaces;help;help'= {
        }
        &'tourney;db'= {
            cand --database-url 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME'
            cand --base-url 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]'
            cand --actor 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
            cand migrate 'Apply pending migrations (every command also does this on start)'
            cand backup 'Copy the SQLite database, consistently, into a new file while serve and the shell keep writing (on Postgres, use pg_dump)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'tourney;db;migrate'= {
            cand --database-url 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME'
            cand --base-url 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]'
            cand --actor 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'tourney;db;backup'= {
            cand --database-url 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME'
            cand --base-url 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]'
            cand --actor 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'tourney;db;help'= {
            cand migrate 'Apply pending migrations (every command also does this on start)'
            cand backup 'Copy the SQLite database, consistently, into a new file while serve and the shell keep writing (on Postgres, use pg_dump)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'tourney;db;help;migrate'= {
        }
        &'tourney;db;help;backup'= {
        }
        &'tourney;db;help;help'= {
        }
        &'tourney;tournaments'= {
            cand --database-url 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME'
            cand --base-url 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]'
            cand --actor 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
            cand create 'Create a tournament (in DRAFT status)'
            cand status 'Move a tournament to another status'
            cand register 'Register a participant, or a team with its players (while registration is open); a full tournament with a waiting list puts them on it'
            cand check-in 'Check a registrant in for them (at any time before the start), or with --process apply the check-in''s result now instead of when its window closes'
            cand list 'List tournaments, soonest first: every space''s, or one space''s, in any status or one'
            cand update 'Change a tournament''s name, description, start or capacity (the start and the capacity only before it starts), its check-in, teams or waiting list (while registration is open)'
            cand show 'Show a tournament: its settings, its counts and its field'
            cand registrations 'List a tournament''s registrations with the players'' private email addresses (for admins)'
            cand withdraw 'Withdraw a registration (before the tournament starts)'
            cand seed 'Set the seed order before the start: the players named take seeds 1, 2, 3, … in that order, the rest of the field follows in the order it had (no-shows of a check-in still go to the bottom at the start)'
            cand start 'Seed the field, draw the first stage and start play (registration must be closed)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'tourney;tournaments;create'= {
            cand --space 'The space the tournament belongs to'
            cand --slug 'Short name used in paths, unique across all spaces'
            cand --name 'name'
            cand --game 'Game identifier, such as chess'
            cand --format 'format'
            cand --max-participants 'max-participants'
            cand --starts-at 'Start time, RFC 3339 (2026-12-01T18:00:00Z)'
            cand --description 'description'
            cand --groups 'groups_playoffs, and round_robin played in groups: number of groups'
            cand --advance 'groups_playoffs: how many of each group reach the playoff'
            cand --rounds 'swiss and free_for_all: rounds to play [default: swiss ceil(log2 n), free_for_all 3]'
            cand --swiss-rounds 'swiss and free_for_all: rounds to play [default: swiss ceil(log2 n), free_for_all 3]'
            cand --points 'free_for_all: points for places 1, 2, 3, ... [default: 25,18,15,12,10,8,6,4,2,1]'
            cand --advance-wins 'swiss: a player is through at W wins (with --eliminate-losses; instead of --rounds)'
            cand --eliminate-losses 'swiss: a player is out at L losses (with --advance-wins)'
            cand --check-in-opens 'Check-in opens this long before the start (90s, 60m, 2h; at most 7d); needs --check-in-closes'
            cand --check-in-closes 'Check-in closes this long before the start (10m; 0s: at the start)'
            cand --no-show 'What happens to a registrant who did not check in [default: bottom-seed]'
            cand --team-size 'Teams of MIN..MAX players (or exactly N), named when they register'
            cand --waiting-list 'How many may wait for a place once the field is full; 0 turns the list off'
            cand --self-report 'Who reports results: organisers only (off), or also the two players of a ready match, one claiming a result on their private page and the other confirming or disputing it (confirm) [default: off]'
            cand --confirm-within 'How long an opponent has to confirm or dispute a player''s report before it stands (90s, 15m, 2h; 1s to 7d) [default: 15m]'
            cand --stations 'Play on stations: all (every station of the space, present and future) or NAME,NAME,...; ready matches are called to them as they free [default: none, nothing is called]'
            cand --match-duration 'A match''s expected length before any is played (90s, 20m, 1h) [default: 20m]'
            cand --rest 'The least time between the end of a player''s match and the call of their next (0s, 10m) [default: 0s]'
            cand --no-show-after 'A called match not begun this long after its call is flagged as a no-show [default: 5m]'
            cand --database-url 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME'
            cand --base-url 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]'
            cand --actor 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]'
            cand --test 'A test tournament: visible to its own space only, never in widgets'
            cand --third-place 'single_elimination: play a match for third place'
            cand --incomplete-rosters 'Teams may register with fewer than MIN players'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'tourney;tournaments;status'= {
            cand --database-url 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME'
            cand --base-url 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]'
            cand --actor 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'tourney;tournaments;register'= {
            cand --email 'The participant''s email address: private, shown only by `tournaments registrations`'
            cand --player 'A team''s player, by display name; once per player, in order'
            cand --database-url 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME'
            cand --base-url 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]'
            cand --actor 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'tourney;tournaments;check-in'= {
            cand --database-url 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME'
            cand --base-url 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]'
            cand --actor 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]'
            cand --process 'Apply the result now: no-shows to the bottom seeds or out, those waiting who checked in into free places, registration closed'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'tourney;tournaments;list'= {
            cand --space 'Only this space''s tournaments'
            cand --status 'Only tournaments in this status'
            cand --database-url 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME'
            cand --base-url 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]'
            cand --actor 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'tourney;tournaments;update'= {
            cand --name 'name'
            cand --description 'The new description; an empty one removes it'
            cand --starts-at 'Start time, RFC 3339 (2026-12-01T18:00:00Z)'
            cand --max-participants 'max-participants'
            cand --check-in-opens 'Check-in opens this long before the start (90s, 60m, 2h; at most 7d); needs --check-in-closes'
            cand --check-in-closes 'Check-in closes this long before the start (10m; 0s: at the start)'
            cand --no-show 'What happens to a registrant who did not check in [default: bottom-seed]'
            cand --team-size 'Teams of MIN..MAX players (or exactly N), named when they register'
            cand --waiting-list 'How many may wait for a place once the field is full; 0 turns the list off'
            cand --self-report 'Who reports results: organisers only (off), or also the two players of a ready match, one claiming a result on their private page and the other confirming or disputing it (confirm) [default: off]'
            cand --confirm-within 'How long an opponent has to confirm or dispute a player''s report before it stands (90s, 15m, 2h; 1s to 7d) [default: 15m]'
            cand --stations 'Play on stations: all (every station of the space, present and future) or NAME,NAME,...; ready matches are called to them as they free [default: none, nothing is called]'
            cand --match-duration 'A match''s expected length before any is played (90s, 20m, 1h) [default: 20m]'
            cand --rest 'The least time between the end of a player''s match and the call of their next (0s, 10m) [default: 0s]'
            cand --no-show-after 'A called match not begun this long after its call is flagged as a no-show [default: 5m]'
            cand --database-url 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME'
            cand --base-url 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]'
            cand --actor 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]'
            cand --incomplete-rosters 'Teams may register with fewer than MIN players'
            cand --no-check-in 'Turn check-in off'
            cand --no-teams 'Take players instead of teams (only before the first registration)'
            cand --no-stations 'Play on no station: nothing more is called (calls made stand until their results)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'tourney;tournaments;show'= {
            cand --database-url 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME'
            cand --base-url 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]'
            cand --actor 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'tourney;tournaments;registrations'= {
            cand --database-url 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME'
            cand --base-url 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]'
            cand --actor 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'tourney;tournaments;withdraw'= {
            cand --database-url 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME'
            cand --base-url 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]'
            cand --actor 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'tourney;tournaments;seed'= {
            cand --database-url 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME'
            cand --base-url 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]'
            cand --actor 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'tourney;tournaments;start'= {
            cand --database-url 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME'
            cand --base-url 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]'
            cand --actor 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'tourney;tournaments;help'= {
            cand create 'Create a tournament (in DRAFT status)'
            cand status 'Move a tournament to another status'
            cand register 'Register a participant, or a team with its players (while registration is open); a full tournament with a waiting list puts them on it'
            cand check-in 'Check a registrant in for them (at any time before the start), or with --process apply the check-in''s result now instead of when its window closes'
            cand list 'List tournaments, soonest first: every space''s, or one space''s, in any status or one'
            cand update 'Change a tournament''s name, description, start or capacity (the start and the capacity only before it starts), its check-in, teams or waiting list (while registration is open)'
            cand show 'Show a tournament: its settings, its counts and its field'
            cand registrations 'List a tournament''s registrations with the players'' private email addresses (for admins)'
            cand withdraw 'Withdraw a registration (before the tournament starts)'
            cand seed 'Set the seed order before the start: the players named take seeds 1, 2, 3, … in that order, the rest of the field follows in the order it had (no-shows of a check-in still go to the bottom at the start)'
            cand start 'Seed the field, draw the first stage and start play (registration must be closed)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'tourney;tournaments;help;create'= {
        }
        &'tourney;tournaments;help;status'= {
        }
        &'tourney;tournaments;help;register'= {
        }
        &'tourney;tournaments;help;check-in'= {
        }
        &'tourney;tournaments;help;list'= {
        }
        &'tourney;tournaments;help;update'= {
        }
        &'tourney;tournaments;help;show'= {
        }
        &'tourney;tournaments;help;registrations'= {
        }
        &'tourney;tournaments;help;withdraw'= {
        }
        &'tourney;tournaments;help;seed'= {
        }
        &'tourney;tournaments;help;start'= {
        }
        &'tourney;tournaments;help;help'= {
        }
        &'tourney;audit'= {
            cand --space 'Only this space''s entries'
            cand --since 'Only entries at or after this time, RFC 3339 (2026-12-01T18:00:00Z)'
            cand --by 'Only entries by this actor (an admin''s name, a member''s address, or portal); not `--actor`, which names who runs the command'
            cand --limit 'The latest N entries that match'
            cand --database-url 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME'
            cand --base-url 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]'
            cand --actor 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'tourney;matches'= {
            cand --database-url 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME'
            cand --base-url 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]'
            cand --actor 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
            cand list 'List a tournament''s matches with their ids, sides, status and score'
            cand report 'Report the result of a ready match'
            cand correct 'Correct the result of a completed match (later matches that depended on it are reset)'
            cand call 'Call a ready match to a station now (the first free one of the tournament, or the one named); a called match moves to the station named'
            cand uncall 'Take back a match''s call: its station is free and the match waits in the queue again'
            cand start 'Record that a called match is being played (its players are at the station)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'tourney;matches;list'= {
            cand --database-url 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME'
            cand --base-url 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]'
            cand --actor 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]'
            cand --ready 'Only the matches ready to be reported'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'tourney;matches;report'= {
            cand --score 'The score, side a first: 2-1'
            cand --forfeit 'The side that forfeited; the other wins (a score is then optional)'
            cand --place 'Free-for-all rounds: a participant (name or par_ id), once per place, in finishing order'
            cand --database-url 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME'
            cand --base-url 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]'
            cand --actor 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'tourney;matches;correct'= {
            cand --score 'The score, side a first: 2-1'
            cand --forfeit 'The side that forfeited; the other wins (a score is then optional)'
            cand --place 'Free-for-all rounds: a participant (name or par_ id), once per place, in finishing order'
            cand --database-url 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME'
            cand --base-url 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]'
            cand --actor 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'tourney;matches;call'= {
            cand --station 'The station''s name [default: the first free station of the tournament]'
            cand --database-url 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME'
            cand --base-url 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]'
            cand --actor 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'tourney;matches;uncall'= {
            cand --database-url 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME'
            cand --base-url 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]'
            cand --actor 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'tourney;matches;start'= {
            cand --database-url 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME'
            cand --base-url 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]'
            cand --actor 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'tourney;matches;help'= {
            cand list 'List a tournament''s matches with their ids, sides, status and score'
            cand report 'Report the result of a ready match'
            cand correct 'Correct the result of a completed match (later matches that depended on it are reset)'
            cand call 'Call a ready match to a station now (the first free one of the tournament, or the one named); a called match moves to the station named'
            cand uncall 'Take back a match''s call: its station is free and the match waits in the queue again'
            cand start 'Record that a called match is being played (its players are at the station)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'tourney;matches;help;list'= {
        }
        &'tourney;matches;help;report'= {
        }
        &'tourney;matches;help;correct'= {
        }
        &'tourney;matches;help;call'= {
        }
        &'tourney;matches;help;uncall'= {
        }
        &'tourney;matches;help;start'= {
        }
        &'tourney;matches;help;help'= {
        }
        &'tourney;stages'= {
            cand --database-url 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME'
            cand --base-url 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]'
            cand --actor 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
            cand add 'Add a stage after the tournament''s last, fed by the best of the stage before (before the start)'
            cand list 'List a tournament''s stages: format, options, how each is fed, status'
            cand remove 'Remove the last stage added (before the start)'
            cand seed 'Reseed a drawn stage before its first result: every player of the stage, best first'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'tourney;stages;add'= {
            cand --format 'single_elimination, double_elimination, round_robin (with --groups N: a group stage) or swiss'
            cand --take 'How many of the stage before go on: the best N of its standings, or with --per-group the best N of each of its groups'
            cand --name 'The name pages show [default: Playoff, Groups, Swiss, Round robin]'
            cand --groups 'round_robin: play it in N groups (snake seeding)'
            cand --rounds 'swiss: rounds to play [default: ceil(log2 n)]'
            cand --advance-wins 'swiss: a player is through at W wins (with --eliminate-losses; instead of --rounds)'
            cand --eliminate-losses 'swiss: a player is out at L losses (with --advance-wins)'
            cand --database-url 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME'
            cand --base-url 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]'
            cand --actor 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]'
            cand --per-group '--take counts per group of the stage before (a group stage), rank by rank across groups'
            cand --third-place 'single_elimination: play a match for third place'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'tourney;stages;list'= {
            cand --database-url 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME'
            cand --base-url 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]'
            cand --actor 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'tourney;stages;remove'= {
            cand --database-url 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME'
            cand --base-url 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]'
            cand --actor 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'tourney;stages;seed'= {
            cand --database-url 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME'
            cand --base-url 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]'
            cand --actor 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'tourney;stages;help'= {
            cand add 'Add a stage after the tournament''s last, fed by the best of the stage before (before the start)'
            cand list 'List a tournament''s stages: format, options, how each is fed, status'
            cand remove 'Remove the last stage added (before the start)'
            cand seed 'Reseed a drawn stage before its first result: every player of the stage, best first'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'tourney;stages;help;add'= {
        }
        &'tourney;stages;help;list'= {
        }
        &'tourney;stages;help;remove'= {
        }
        &'tourney;stages;help;seed'= {
        }
        &'tourney;stages;help;help'= {
        }
        &'tourney;stations'= {
            cand --database-url 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME'
            cand --base-url 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]'
            cand --actor 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
            cand add 'Add stations to a space, in the order given (the order calls prefer them)'
            cand list 'List a space''s stations, each with the match it holds and since when'
            cand pause 'Pause a station: nothing new is called to it (a match it holds plays on)'
            cand resume 'Resume a paused station'
            cand remove 'Remove a station that holds no match'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'tourney;stations;add'= {
            cand --space 'space'
            cand --database-url 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME'
            cand --base-url 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]'
            cand --actor 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'tourney;stations;list'= {
            cand --space 'space'
            cand --database-url 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME'
            cand --base-url 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]'
            cand --actor 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'tourney;stations;pause'= {
            cand --space 'space'
            cand --database-url 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME'
            cand --base-url 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]'
            cand --actor 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'tourney;stations;resume'= {
            cand --space 'space'
            cand --database-url 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME'
            cand --base-url 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]'
            cand --actor 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'tourney;stations;remove'= {
            cand --space 'space'
            cand --database-url 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME'
            cand --base-url 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]'
            cand --actor 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'tourney;stations;help'= {
            cand add 'Add stations to a space, in the order given (the order calls prefer them)'
            cand list 'List a space''s stations, each with the match it holds and since when'
            cand pause 'Pause a station: nothing new is called to it (a match it holds plays on)'
            cand resume 'Resume a paused station'
            cand remove 'Remove a station that holds no match'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'tourney;stations;help;add'= {
        }
        &'tourney;stations;help;list'= {
        }
        &'tourney;stations;help;pause'= {
        }
        &'tourney;stations;help;resume'= {
        }
        &'tourney;stations;help;remove'= {
        }
        &'tourney;stations;help;help'= {
        }
        &'tourney;hooks'= {
            cand --database-url 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME'
            cand --base-url 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]'
            cand --actor 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
            cand add 'Register an HTTPS address for a space''s events; prints its signing secret once'
            cand update 'Change how an address''s requests are signed (from its next attempt on)'
            cand list 'List a space''s webhook addresses'
            cand remove 'Stop sending to an address (its unfinished deliveries fail)'
            cand rotate-secret 'Replace an address''s signing secret; prints the new one once'
            cand disable 'Stop sending to an address for now; its deliveries are kept until it is enabled again'
            cand enable 'Send to a disabled address again; the deliveries kept for it go out (or, with --drop-kept, fail)'
            cand deliveries 'List an address''s deliveries, newest first, with their latest attempt'
            cand attempts 'Print a delivery''s attempt log: trigger, time, duration, outcome and why, peer, answer'
            cand retry 'Queue a failed delivery (or every failed delivery of an address) for one manual attempt'
            cand test 'Send a realistic signed example of an event type to one address now, through the real delivery path, and print the outcome; the body carries "example": true'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'tourney;hooks;add'= {
            cand --space 'The space whose events go to the address'
            cand --events 'Only these event types [default: every type]'
            cand --signature-headers 'Which signature headers its requests carry: the specification''s Svc-Webhook-* and Standard Webhooks'' webhook-* (both), or one set alone'
            cand --allow-cidr 'Let webhooks reach this address range although it is private or internal (tests, on-premise receivers); repeatable, off by default'
            cand --database-url 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME'
            cand --base-url 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]'
            cand --actor 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'tourney;hooks;update'= {
            cand --signature-headers 'Which signature headers its requests carry'
            cand --database-url 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME'
            cand --base-url 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]'
            cand --actor 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'tourney;hooks;list'= {
            cand --space 'space'
            cand --database-url 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME'
            cand --base-url 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]'
            cand --actor 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'tourney;hooks;remove'= {
            cand --database-url 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME'
            cand --base-url 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]'
            cand --actor 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'tourney;hooks;rotate-secret'= {
            cand --overlap 'How long the old secret keeps signing too (a second v1= value)'
            cand --database-url 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME'
            cand --base-url 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]'
            cand --actor 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'tourney;hooks;disable'= {
            cand --database-url 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME'
            cand --base-url 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]'
            cand --actor 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'tourney;hooks;enable'= {
            cand --database-url 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME'
            cand --base-url 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]'
            cand --actor 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]'
            cand --drop-kept 'Fail the deliveries kept while it was disabled instead of sending them (`hooks retry` can still send them later)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'tourney;hooks;deliveries'= {
            cand --status 'Only deliveries in this state'
            cand --event 'Only deliveries of this event type'
            cand --since 'Only events since TIME (2026-11-23T10:00:00Z) or for the last DURATION (90m, 2d)'
            cand --until 'Only events before TIME (2026-11-23T10:00:00Z)'
            cand --limit 'At most this many'
            cand --database-url 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME'
            cand --base-url 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]'
            cand --actor 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]'
            cand --failed 'Only deliveries that failed for good (the same as --status failed)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'tourney;hooks;attempts'= {
            cand --database-url 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME'
            cand --base-url 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]'
            cand --actor 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'tourney;hooks;retry'= {
            cand --hook 'Every failed delivery of this address (hook_...)'
            cand --since 'With --hook: only those of events since TIME (2026-11-23T10:00:00Z) or for the last DURATION (90m, 2d)'
            cand --database-url 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME'
            cand --base-url 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]'
            cand --actor 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]'
            cand --failed 'With --hook: the failed deliveries (the only ones that can be retried)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'tourney;hooks;test'= {
            cand --event 'The event type to send an example of'
            cand --allow-cidr 'Let webhooks reach this address range although it is private or internal (tests, on-premise receivers); repeatable, off by default'
            cand --root-cert 'Also trust this PEM root certificate (a test receiver''s CA)'
            cand --database-url 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME'
            cand --base-url 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]'
            cand --actor 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'tourney;hooks;help'= {
            cand add 'Register an HTTPS address for a space''s events; prints its signing secret once'
            cand update 'Change how an address''s requests are signed (from its next attempt on)'
            cand list 'List a space''s webhook addresses'
            cand remove 'Stop sending to an address (its unfinished deliveries fail)'
            cand rotate-secret 'Replace an address''s signing secret; prints the new one once'
            cand disable 'Stop sending to an address for now; its deliveries are kept until it is enabled again'
            cand enable 'Send to a disabled address again; the deliveries kept for it go out (or, with --drop-kept, fail)'
            cand deliveries 'List an address''s deliveries, newest first, with their latest attempt'
            cand attempts 'Print a delivery''s attempt log: trigger, time, duration, outcome and why, peer, answer'
            cand retry 'Queue a failed delivery (or every failed delivery of an address) for one manual attempt'
            cand test 'Send a realistic signed example of an event type to one address now, through the real delivery path, and print the outcome; the body carries "example": true'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'tourney;hooks;help;add'= {
        }
        &'tourney;hooks;help;update'= {
        }
        &'tourney;hooks;help;list'= {
        }
        &'tourney;hooks;help;remove'= {
        }
        &'tourney;hooks;help;rotate-secret'= {
        }
        &'tourney;hooks;help;disable'= {
        }
        &'tourney;hooks;help;enable'= {
        }
        &'tourney;hooks;help;deliveries'= {
        }
        &'tourney;hooks;help;attempts'= {
        }
        &'tourney;hooks;help;retry'= {
        }
        &'tourney;hooks;help;test'= {
        }
        &'tourney;hooks;help;help'= {
        }
        &'tourney;dispatch'= {
            cand --listen 'Serve /metrics (and /healthz) on this address while delivering, for monitoring'
            cand --concurrency 'Webhook requests in flight at once'
            cand --retry-delays 'Delays before attempts 2, 3, ... after a failure (the last failure marks it failed)'
            cand --lease 'How long a claimed delivery stays claimed if its loop stops renewing it (it is renewed while the loop holds it): the time after which another loop sends the deliveries of a loop that died'
            cand --disable-after 'Disable a webhook address whose every attempt has failed for this long (a 410 Gone answer disables it at once); `hooks enable` turns it back on'
            cand --allow-cidr 'Let webhooks reach this address range although it is private or internal (tests, on-premise receivers); repeatable, off by default'
            cand --root-cert 'Also trust this PEM root certificate (a test receiver''s CA)'
            cand --database-url 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME'
            cand --base-url 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]'
            cand --actor 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]'
            cand --once 'Deliver what is due now, then exit'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'tourney;ping'= {
            cand --allow-cidr 'Let webhooks reach this address range although it is private or internal (tests, on-premise receivers); repeatable, off by default'
            cand --root-cert 'Also trust this PEM root certificate (a test receiver''s CA)'
            cand --database-url 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME'
            cand --base-url 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]'
            cand --actor 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'tourney;verify'= {
            cand --secret 'The address''s signing secret (whsec_...); repeat it for both secrets of a rotation'
            cand --headers 'The request''s headers as the receiver logged them, one "Name: value" per line (both sets are read); instead of --id, --timestamp and --signature'
            cand --id 'The Svc-Webhook-Id (or webhook-id) header'
            cand --timestamp 'The Svc-Webhook-Timestamp (or webhook-timestamp) header'
            cand --signature 'The Svc-Webhook-Signature (v1=<hex>) or webhook-signature (v1,<base64>) header'
            cand --body 'The raw request body [default: standard input]'
            cand --tolerance 'Largest accepted distance between the timestamp and now, in seconds'
            cand --database-url 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME'
            cand --base-url 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]'
            cand --actor 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
            cand receiver 'Check that a receiver accepts valid webhooks and rejects forged, stale and replayed ones'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'tourney;verify;receiver'= {
            cand --secret 'The secret the receiver verifies with'
            cand --allow-cidr 'Let webhooks reach this address range although it is private or internal (tests, on-premise receivers); repeatable, off by default'
            cand --root-cert 'Also trust this PEM root certificate (a test receiver''s CA)'
            cand --database-url 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME'
            cand --base-url 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]'
            cand --actor 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'tourney;verify;help'= {
            cand receiver 'Check that a receiver accepts valid webhooks and rejects forged, stale and replayed ones'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'tourney;verify;help;receiver'= {
        }
        &'tourney;verify;help;help'= {
        }
        &'tourney;embed'= {
            cand --space 'The space''s slug (calendar widget)'
            cand --widget 'Which widget [default: bracket for a tournament, calendar for a space]'
            cand --locale 'Language of the widget'
            cand --database-url 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME'
            cand --base-url 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]'
            cand --actor 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]'
            cand --without-script 'Print only the iframe, without the script that fits it to the widget''s height (for a page that has the script already)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'tourney;demo'= {
            cand --database-url 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME'
            cand --base-url 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]'
            cand --actor 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'tourney;keys'= {
            cand --database-url 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME'
            cand --base-url 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]'
            cand --actor 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
            cand create 'Create an API key for a space; the key is shown once, here, and stored only as a hash'
            cand list 'List a space''s keys (never the keys themselves)'
            cand revoke 'Revoke a key: every server refuses it from its next request'
            cand roll 'Replace a key with a new one (shown once); the old key keeps working for the grace'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'tourney;keys;create'= {
            cand --space 'space'
            cand --name 'A label to tell keys apart, such as "partner site"'
            cand --database-url 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME'
            cand --base-url 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]'
            cand --actor 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'tourney;keys;list'= {
            cand --space 'space'
            cand --database-url 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME'
            cand --base-url 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]'
            cand --actor 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'tourney;keys;revoke'= {
            cand --database-url 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME'
            cand --base-url 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]'
            cand --actor 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'tourney;keys;roll'= {
            cand --grace 'How long the old key keeps working: 0s (it stops now) to 30d'
            cand --database-url 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME'
            cand --base-url 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]'
            cand --actor 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'tourney;keys;help'= {
            cand create 'Create an API key for a space; the key is shown once, here, and stored only as a hash'
            cand list 'List a space''s keys (never the keys themselves)'
            cand revoke 'Revoke a key: every server refuses it from its next request'
            cand roll 'Replace a key with a new one (shown once); the old key keeps working for the grace'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'tourney;keys;help;create'= {
        }
        &'tourney;keys;help;list'= {
        }
        &'tourney;keys;help;revoke'= {
        }
        &'tourney;keys;help;roll'= {
        }
        &'tourney;keys;help;help'= {
        }
        &'tourney;members'= {
            cand --database-url 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME'
            cand --base-url 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]'
            cand --actor 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
            cand add 'Make a person (by email address) a member of a space; `login-link` then signs them in'
            cand list 'List a space''s members and their roles'
            cand role 'Change a member''s role (a space always keeps one owner)'
            cand remove 'Remove a member from a space (never its last owner)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'tourney;members;add'= {
            cand --space 'space'
            cand --email 'email'
            cand --role 'role'
            cand --database-url 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME'
            cand --base-url 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]'
            cand --actor 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'tourney;members;list'= {
            cand --space 'space'
            cand --database-url 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME'
            cand --base-url 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]'
            cand --actor 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'tourney;members;role'= {
            cand --space 'space'
            cand --email 'email'
            cand --database-url 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME'
            cand --base-url 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]'
            cand --actor 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'tourney;members;remove'= {
            cand --space 'space'
            cand --email 'email'
            cand --database-url 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME'
            cand --base-url 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]'
            cand --actor 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'tourney;members;help'= {
            cand add 'Make a person (by email address) a member of a space; `login-link` then signs them in'
            cand list 'List a space''s members and their roles'
            cand role 'Change a member''s role (a space always keeps one owner)'
            cand remove 'Remove a member from a space (never its last owner)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'tourney;members;help;add'= {
        }
        &'tourney;members;help;list'= {
        }
        &'tourney;members;help;role'= {
        }
        &'tourney;members;help;remove'= {
        }
        &'tourney;members;help;help'= {
        }
        &'tourney;login-link'= {
            cand --email 'The member''s email address'
            cand --database-url 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME'
            cand --base-url 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]'
            cand --actor 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'tourney;import'= {
            cand --database-url 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME'
            cand --base-url 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]'
            cand --actor 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'tourney;completions'= {
            cand --out-dir 'Write completion files into DIR instead of printing (every shell unless SHELL is given)'
            cand --database-url 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME'
            cand --base-url 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]'
            cand --actor 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'tourney;man'= {
            cand --out-dir 'Write tourney.1 and one page per subcommand into DIR instead of printing'
            cand --database-url 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME'
            cand --base-url 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]'
            cand --actor 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'tourney;help'= {
            cand serve 'Serve the read API, the widgets and the portal, and deliver webhooks, until SIGINT or SIGTERM'
            cand spaces 'Create and list organising spaces'
            cand db 'Database maintenance'
            cand tournaments 'Create and run tournaments: status moves, registrations, the start'
            cand audit 'Read the audit log: who changed what, when (newest last)'
            cand matches 'Report and correct match results'
            cand stages 'Plan a tournament''s stages (before its start) and reseed a drawn stage'
            cand stations 'Manage a space''s stations (tables, courts, boards), where matches are called to be played'
            cand hooks 'Manage a space''s webhook addresses and their deliveries'
            cand dispatch 'Deliver webhooks alone (serve delivers too): claim due deliveries, sign, send, retry on schedule'
            cand ping 'Send a signed test event to one webhook address now and print the outcome'
            cand verify 'Check a received webhook''s signature, or test a receiver (verify receiver URL)'
            cand embed 'Print the code that embeds a widget on a partner site: the iframe and the script that fits it to the widget''s height'
            cand demo 'Create the demo space: a tournament of every format in every interesting state'
            cand keys 'Create, list, revoke and roll API keys'
            cand members 'Manage who signs in to a space''s section (owners and administrators)'
            cand login-link 'Print a single-use link (15 minutes) that signs a member in to the portal''s section'
            cand import 'Load spaces and tournaments from a JSON document (all or nothing; see docs/import.md)'
            cand completions 'Print shell completions (or write them all with --out-dir)'
            cand man 'Print the man page (or write every page with --out-dir)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'tourney;help;serve'= {
        }
        &'tourney;help;spaces'= {
            cand create 'Create a space'
            cand list 'List every space'
            cand place 'Say where a space''s tournaments are played (search engines show it as their location), or that they are played online'
        }
        &'tourney;help;spaces;create'= {
        }
        &'tourney;help;spaces;list'= {
        }
        &'tourney;help;spaces;place'= {
        }
        &'tourney;help;db'= {
            cand migrate 'Apply pending migrations (every command also does this on start)'
            cand backup 'Copy the SQLite database, consistently, into a new file while serve and the shell keep writing (on Postgres, use pg_dump)'
        }
        &'tourney;help;db;migrate'= {
        }
        &'tourney;help;db;backup'= {
        }
        &'tourney;help;tournaments'= {
            cand create 'Create a tournament (in DRAFT status)'
            cand status 'Move a tournament to another status'
            cand register 'Register a participant, or a team with its players (while registration is open); a full tournament with a waiting list puts them on it'
            cand check-in 'Check a registrant in for them (at any time before the start), or with --process apply the check-in''s result now instead of when its window closes'
            cand list 'List tournaments, soonest first: every space''s, or one space''s, in any status or one'
            cand update 'Change a tournament''s name, description, start or capacity (the start and the capacity only before it starts), its check-in, teams or waiting list (while registration is open)'
            cand show 'Show a tournament: its settings, its counts and its field'
            cand registrations 'List a tournament''s registrations with the players'' private email addresses (for admins)'
            cand withdraw 'Withdraw a registration (before the tournament starts)'
            cand seed 'Set the seed order before the start: the players named take seeds 1, 2, 3, … in that order, the rest of the field follows in the order it had (no-shows of a check-in still go to the bottom at the start)'
            cand start 'Seed the field, draw the first stage and start play (registration must be closed)'
        }
        &'tourney;help;tournaments;create'= {
        }
        &'tourney;help;tournaments;status'= {
        }
        &'tourney;help;tournaments;register'= {
        }
        &'tourney;help;tournaments;check-in'= {
        }
        &'tourney;help;tournaments;list'= {
        }
        &'tourney;help;tournaments;update'= {
        }
        &'tourney;help;tournaments;show'= {
        }
        &'tourney;help;tournaments;registrations'= {
        }
        &'tourney;help;tournaments;withdraw'= {
        }
        &'tourney;help;tournaments;seed'= {
        }
        &'tourney;help;tournaments;start'= {
        }
        &'tourney;help;audit'= {
        }
        &'tourney;help;matches'= {
            cand list 'List a tournament''s matches with their ids, sides, status and score'
            cand report 'Report the result of a ready match'
            cand correct 'Correct the result of a completed match (later matches that depended on it are reset)'
            cand call 'Call a ready match to a station now (the first free one of the tournament, or the one named); a called match moves to the station named'
            cand uncall 'Take back a match''s call: its station is free and the match waits in the queue again'
            cand start 'Record that a called match is being played (its players are at the station)'
        }
        &'tourney;help;matches;list'= {
        }
        &'tourney;help;matches;report'= {
        }
        &'tourney;help;matches;correct'= {
        }
        &'tourney;help;matches;call'= {
        }
        &'tourney;help;matches;uncall'= {
        }
        &'tourney;help;matches;start'= {
        }
        &'tourney;help;stages'= {
            cand add 'Add a stage after the tournament''s last, fed by the best of the stage before (before the start)'
            cand list 'List a tournament''s stages: format, options, how each is fed, status'
            cand remove 'Remove the last stage added (before the start)'
            cand seed 'Reseed a drawn stage before its first result: every player of the stage, best first'
        }
        &'tourney;help;stages;add'= {
        }
        &'tourney;help;stages;list'= {
        }
        &'tourney;help;stages;remove'= {
        }
        &'tourney;help;stages;seed'= {
        }
        &'tourney;help;stations'= {
            cand add 'Add stations to a space, in the order given (the order calls prefer them)'
            cand list 'List a space''s stations, each with the match it holds and since when'
            cand pause 'Pause a station: nothing new is called to it (a match it holds plays on)'
            cand resume 'Resume a paused station'
            cand remove 'Remove a station that holds no match'
        }
        &'tourney;help;stations;add'= {
        }
        &'tourney;help;stations;list'= {
        }
        &'tourney;help;stations;pause'= {
        }
        &'tourney;help;stations;resume'= {
        }
        &'tourney;help;stations;remove'= {
        }
        &'tourney;help;hooks'= {
            cand add 'Register an HTTPS address for a space''s events; prints its signing secret once'
            cand update 'Change how an address''s requests are signed (from its next attempt on)'
            cand list 'List a space''s webhook addresses'
            cand remove 'Stop sending to an address (its unfinished deliveries fail)'
            cand rotate-secret 'Replace an address''s signing secret; prints the new one once'
            cand disable 'Stop sending to an address for now; its deliveries are kept until it is enabled again'
            cand enable 'Send to a disabled address again; the deliveries kept for it go out (or, with --drop-kept, fail)'
            cand deliveries 'List an address''s deliveries, newest first, with their latest attempt'
            cand attempts 'Print a delivery''s attempt log: trigger, time, duration, outcome and why, peer, answer'
            cand retry 'Queue a failed delivery (or every failed delivery of an address) for one manual attempt'
            cand test 'Send a realistic signed example of an event type to one address now, through the real delivery path, and print the outcome; the body carries "example": true'
        }
        &'tourney;help;hooks;add'= {
        }
        &'tourney;help;hooks;update'= {
        }
        &'tourney;help;hooks;list'= {
        }
        &'tourney;help;hooks;remove'= {
        }
        &'tourney;help;hooks;rotate-secret'= {
        }
        &'tourney;help;hooks;disable'= {
        }
        &'tourney;help;hooks;enable'= {
        }
        &'tourney;help;hooks;deliveries'= {
        }
        &'tourney;help;hooks;attempts'= {
        }
        &'tourney;help;hooks;retry'= {
        }
        &'tourney;help;hooks;test'= {
        }
        &'tourney;help;dispatch'= {
        }
        &'tourney;help;ping'= {
        }
        &'tourney;help;verify'= {
            cand receiver 'Check that a receiver accepts valid webhooks and rejects forged, stale and replayed ones'
        }
        &'tourney;help;verify;receiver'= {
        }
        &'tourney;help;embed'= {
        }
        &'tourney;help;demo'= {
        }
        &'tourney;help;keys'= {
            cand create 'Create an API key for a space; the key is shown once, here, and stored only as a hash'
            cand list 'List a space''s keys (never the keys themselves)'
            cand revoke 'Revoke a key: every server refuses it from its next request'
            cand roll 'Replace a key with a new one (shown once); the old key keeps working for the grace'
        }
        &'tourney;help;keys;create'= {
        }
        &'tourney;help;keys;list'= {
        }
        &'tourney;help;keys;revoke'= {
        }
        &'tourney;help;keys;roll'= {
        }
        &'tourney;help;members'= {
            cand add 'Make a person (by email address) a member of a space; `login-link` then signs them in'
            cand list 'List a space''s members and their roles'
            cand role 'Change a member''s role (a space always keeps one owner)'
            cand remove 'Remove a member from a space (never its last owner)'
        }
        &'tourney;help;members;add'= {
        }
        &'tourney;help;members;list'= {
        }
        &'tourney;help;members;role'= {
        }
        &'tourney;help;members;remove'= {
        }
        &'tourney;help;login-link'= {
        }
        &'tourney;help;import'= {
        }
        &'tourney;help;completions'= {
        }
        &'tourney;help;man'= {
        }
        &'tourney;help;help'= {
        }
    ]
    $completions[$command]
}
