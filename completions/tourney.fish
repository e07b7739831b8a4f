# Print an optspec for argparse to handle cmd's options that are independent of any subcommand.
function __fish_tourney_global_optspecs
    string join \n database-url= base-url= actor= h/help V/version
end

function __fish_tourney_needs_command
    # Figure out if the current invocation already has a command.
    set -l cmd (commandline -opc)
    set -e cmd[1]
    argparse -s (__fish_tourney_global_optspecs) -- $cmd 2>/dev/null
    or return
    if set -q argv[1]
        # Also print the command, so this can be used to figure out what it is.
        echo $argv[1]
        return 1
    end
    return 0
end

function __fish_tourney_using_subcommand
    set -l cmd (__fish_tourney_needs_command)
    test -z "$cmd"
    and return 1
    contains -- $cmd[1] $argv
end

complete -c tourney -n "__fish_tourney_needs_command" -l database-url -d 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME' -r
complete -c tourney -n "__fish_tourney_needs_command" -l base-url -d 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]' -r
complete -c tourney -n "__fish_tourney_needs_command" -l actor -d 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account\'s name]' -r
complete -c tourney -n "__fish_tourney_needs_command" -s h -l help -d 'Print help'
complete -c tourney -n "__fish_tourney_needs_command" -s V -l version -d 'Print version'
complete -c tourney -n "__fish_tourney_needs_command" -f -a "serve" -d 'Serve the read API, the widgets and the portal, and deliver webhooks, until SIGINT or SIGTERM'
complete -c tourney -n "__fish_tourney_needs_command" -f -a "spaces" -d 'Create and list organising spaces'
complete -c tourney -n "__fish_tourney_needs_command" -f -a "db" -d 'Database maintenance'
complete -c tourney -n "__fish_tourney_needs_command" -f -a "tournaments" -d 'Create and run tournaments: status moves, registrations, the start'
complete -c tourney -n "__fish_tourney_needs_command" -f -a "audit" -d 'Read the audit log: who changed what, when (newest last)'
complete -c tourney -n "__fish_tourney_needs_command" -f -a "matches" -d 'Report and correct match results'
complete -c tourney -n "__fish_tourney_needs_command" -f -a "stages" -d 'Plan a tournament\'s stages (before its start) and reseed a drawn stage'
complete -c tourney -n "__fish_tourney_needs_command" -f -a "stations" -d 'Manage a space\'s stations (tables, courts, boards), where matches are called to be played'
complete -c tourney -n "__fish_tourney_needs_command" -f -a "hooks" -d 'Manage a space\'s webhook addresses and their deliveries'
complete -c tourney -n "__fish_tourney_needs_command" -f -a "dispatch" -d 'Deliver webhooks alone (serve delivers too): claim due deliveries, sign, send, retry on schedule'
complete -c tourney -n "__fish_tourney_needs_command" -f -a "ping" -d 'Send a signed test event to one webhook address now and print the outcome'
complete -c tourney -n "__fish_tourney_needs_command" -f -a "verify" -d 'Check a received webhook\'s signature, or test a receiver (verify receiver URL)'
complete -c tourney -n "__fish_tourney_needs_command" -f -a "embed" -d 'Print the code that embeds a widget on a partner site: the iframe and the script that fits it to the widget\'s height'
complete -c tourney -n "__fish_tourney_needs_command" -f -a "demo" -d 'Create the demo space: a tournament of every format in every interesting state'
complete -c tourney -n "__fish_tourney_needs_command" -f -a "keys" -d 'Create, list, revoke and roll API keys'
complete -c tourney -n "__fish_tourney_needs_command" -f -a "members" -d 'Manage who signs in to a space\'s section (owners and administrators)'
complete -c tourney -n "__fish_tourney_needs_command" -f -a "login-link" -d 'Print a single-use link (15 minutes) that signs a member in to the portal\'s section'
complete -c tourney -n "__fish_tourney_needs_command" -f -a "import" -d 'Load spaces and tournaments from a JSON document (all or nothing; see docs/import.md)'
complete -c tourney -n "__fish_tourney_needs_command" -f -a "completions" -d 'Print shell completions (or write them all with --out-dir)'
complete -c tourney -n "__fish_tourney_needs_command" -f -a "man" -d 'Print the man page (or write every page with --out-dir)'
complete -c tourney -n "__fish_tourney_needs_command" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c tourney -n "__fish_tourney_using_subcommand serve" -l listen -d 'Address to listen on; port 0 picks a free port (the bound address is printed)' -r
complete -c tourney -n "__fish_tourney_using_subcommand serve" -l rate-limit -d 'Requests per API key in any 60-second window, counted for every server on the database together (give every replica the same N)' -r
complete -c tourney -n "__fish_tourney_using_subcommand serve" -l rate-limit-window -d 'The window of the per-minute limits (the API\'s, a private link\'s, sign-in\'s); only tests change it (the specification\'s is a minute)' -r
complete -c tourney -n "__fish_tourney_using_subcommand serve" -l form-limit -d 'Portal registrations accepted per client address in any --form-window (a venue\'s players share one address: the default lets a hundred register within ten minutes, forty at once)' -r
complete -c tourney -n "__fish_tourney_using_subcommand serve" -l form-window -d 'The sliding window --form-limit counts registrations in (at most 24h)' -r
complete -c tourney -n "__fish_tourney_using_subcommand serve" -l player-limit -d 'Posts accepted per player\'s private link per minute (check in, claim, answer, withdraw), whatever address they come from' -r
complete -c tourney -n "__fish_tourney_using_subcommand serve" -l player-address-limit -d 'Posts to private links accepted per client address per minute, all links together (a flood bound, far above a venue\'s crowd)' -r
complete -c tourney -n "__fish_tourney_using_subcommand serve" -l sign-in-limit -d 'The section\'s sign-in posts (password or link) accepted per client address per minute' -r
complete -c tourney -n "__fish_tourney_using_subcommand serve" -l trusted-proxy -d 'A proxy in front of the server whose X-Forwarded-For names the client (for the limits per client address); repeatable, none by default' -r
complete -c tourney -n "__fish_tourney_using_subcommand serve" -l session-idle -d 'How long a signed-in session lasts without a request; only tests change it' -r
complete -c tourney -n "__fish_tourney_using_subcommand serve" -l session-lifetime -d 'How long a signed-in session lasts at most; only tests change it' -r
complete -c tourney -n "__fish_tourney_using_subcommand serve" -l session-grace -d 'How long a session\'s token keeps working after the session was given a new one (its person\'s role changed); only tests change it' -r
complete -c tourney -n "__fish_tourney_using_subcommand serve" -l live-streams -d 'Live pages\' event streams this process holds open at once; beyond it a page is answered 503 with Retry-After and follows by polling instead' -r
complete -c tourney -n "__fish_tourney_using_subcommand serve" -l live-tick -d 'How often this process looks for changes that open live pages follow; only tests change it' -r
complete -c tourney -n "__fish_tourney_using_subcommand serve" -l live-keep-alive -d 'How often an idle event stream sends a keep-alive comment; only tests change it' -r
complete -c tourney -n "__fish_tourney_using_subcommand serve" -l concurrency -d 'Webhook requests in flight at once' -r
complete -c tourney -n "__fish_tourney_using_subcommand serve" -l retry-delays -d 'Delays before attempts 2, 3, ... after a failure (the last failure marks it failed)' -r
complete -c tourney -n "__fish_tourney_using_subcommand serve" -l lease -d 'How long a claimed delivery stays claimed if its loop stops renewing it (it is renewed while the loop holds it): the time after which another loop sends the deliveries of a loop that died' -r
complete -c tourney -n "__fish_tourney_using_subcommand serve" -l disable-after -d 'Disable a webhook address whose every attempt has failed for this long (a 410 Gone answer disables it at once); `hooks enable` turns it back on' -r
complete -c tourney -n "__fish_tourney_using_subcommand serve" -l allow-cidr -d 'Let webhooks reach this address range although it is private or internal (tests, on-premise receivers); repeatable, off by default' -r
complete -c tourney -n "__fish_tourney_using_subcommand serve" -l root-cert -d 'Also trust this PEM root certificate (a test receiver\'s CA)' -r -F
complete -c tourney -n "__fish_tourney_using_subcommand serve" -l database-url -d 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME' -r
complete -c tourney -n "__fish_tourney_using_subcommand serve" -l base-url -d 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]' -r
complete -c tourney -n "__fish_tourney_using_subcommand serve" -l actor -d 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account\'s name]' -r
complete -c tourney -n "__fish_tourney_using_subcommand serve" -l demo -d 'On an empty database, load the demo space and print an API key and example requests'
complete -c tourney -n "__fish_tourney_using_subcommand serve" -l no-dispatch -d 'Do not deliver webhooks from this process (run `tourney dispatch` for them instead)'
complete -c tourney -n "__fish_tourney_using_subcommand serve" -s h -l help -d 'Print help'
complete -c tourney -n "__fish_tourney_using_subcommand serve" -s V -l version -d 'Print version'
complete -c tourney -n "__fish_tourney_using_subcommand spaces; and not __fish_seen_subcommand_from create list place help" -l database-url -d 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME' -r
complete -c tourney -n "__fish_tourney_using_subcommand spaces; and not __fish_seen_subcommand_from create list place help" -l base-url -d 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]' -r
complete -c tourney -n "__fish_tourney_using_subcommand spaces; and not __fish_seen_subcommand_from create list place help" -l actor -d 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account\'s name]' -r
complete -c tourney -n "__fish_tourney_using_subcommand spaces; and not __fish_seen_subcommand_from create list place help" -s h -l help -d 'Print help'
complete -c tourney -n "__fish_tourney_using_subcommand spaces; and not __fish_seen_subcommand_from create list place help" -s V -l version -d 'Print version'
complete -c tourney -n "__fish_tourney_using_subcommand spaces; and not __fish_seen_subcommand_from create list place help" -f -a "create" -d 'Create a space'
complete -c tourney -n "__fish_tourney_using_subcommand spaces; and not __fish_seen_subcommand_from create list place help" -f -a "list" -d 'List every space'
complete -c tourney -n "__fish_tourney_using_subcommand spaces; and not __fish_seen_subcommand_from create list place help" -f -a "place" -d 'Say where a space\'s tournaments are played (search engines show it as their location), or that they are played online'
complete -c tourney -n "__fish_tourney_using_subcommand spaces; and not __fish_seen_subcommand_from create list place help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c tourney -n "__fish_tourney_using_subcommand spaces; and __fish_seen_subcommand_from create" -l name -d 'Display name' -r
complete -c tourney -n "__fish_tourney_using_subcommand spaces; and __fish_seen_subcommand_from create" -l locale -d 'Default language of the space\'s portal links and widgets' -r -f -a "en\t''
ru\t''"
complete -c tourney -n "__fish_tourney_using_subcommand spaces; and __fish_seen_subcommand_from create" -l database-url -d 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME' -r
complete -c tourney -n "__fish_tourney_using_subcommand spaces; and __fish_seen_subcommand_from create" -l base-url -d 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]' -r
complete -c tourney -n "__fish_tourney_using_subcommand spaces; and __fish_seen_subcommand_from create" -l actor -d 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account\'s name]' -r
complete -c tourney -n "__fish_tourney_using_subcommand spaces; and __fish_seen_subcommand_from create" -s h -l help -d 'Print help'
complete -c tourney -n "__fish_tourney_using_subcommand spaces; and __fish_seen_subcommand_from create" -s V -l version -d 'Print version'
complete -c tourney -n "__fish_tourney_using_subcommand spaces; and __fish_seen_subcommand_from list" -l database-url -d 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME' -r
complete -c tourney -n "__fish_tourney_using_subcommand spaces; and __fish_seen_subcommand_from list" -l base-url -d 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]' -r
complete -c tourney -n "__fish_tourney_using_subcommand spaces; and __fish_seen_subcommand_from list" -l actor -d 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account\'s name]' -r
complete -c tourney -n "__fish_tourney_using_subcommand spaces; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help'
complete -c tourney -n "__fish_tourney_using_subcommand spaces; and __fish_seen_subcommand_from list" -s V -l version -d 'Print version'
complete -c tourney -n "__fish_tourney_using_subcommand spaces; and __fish_seen_subcommand_from place" -l database-url -d 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME' -r
complete -c tourney -n "__fish_tourney_using_subcommand spaces; and __fish_seen_subcommand_from place" -l base-url -d 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]' -r
complete -c tourney -n "__fish_tourney_using_subcommand spaces; and __fish_seen_subcommand_from place" -l actor -d 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account\'s name]' -r
complete -c tourney -n "__fish_tourney_using_subcommand spaces; and __fish_seen_subcommand_from place" -l online -d 'The tournaments are played online: no place'
complete -c tourney -n "__fish_tourney_using_subcommand spaces; and __fish_seen_subcommand_from place" -s h -l help -d 'Print help'
complete -c tourney -n "__fish_tourney_using_subcommand spaces; and __fish_seen_subcommand_from place" -s V -l version -d 'Print version'
complete -c tourney -n "__fish_tourney_using_subcommand spaces; and __fish_seen_subcommand_from help" -f -a "create" -d 'Create a space'
complete -c tourney -n "__fish_tourney_using_subcommand spaces; and __fish_seen_subcommand_from help" -f -a "list" -d 'List every space'
complete -c tourney -n "__fish_tourney_using_subcommand spaces; and __fish_seen_subcommand_from help" -f -a "place" -d 'Say where a space\'s tournaments are played (search engines show it as their location), or that they are played online'
complete -c tourney -n "__fish_tourney_using_subcommand spaces; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c tourney -n "__fish_tourney_using_subcommand db; and not __fish_seen_subcommand_from migrate backup help" -l database-url -d 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME' -r
complete -c tourney -n "__fish_tourney_using_subcommand db; and not __fish_seen_subcommand_from migrate backup help" -l base-url -d 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]' -r
complete -c tourney -n "__fish_tourney_using_subcommand db; and not __fish_seen_subcommand_from migrate backup help" -l actor -d 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account\'s name]' -r
complete -c tourney -n "__fish_tourney_using_subcommand db; and not __fish_seen_subcommand_from migrate backup help" -s h -l help -d 'Print help'
complete -c tourney -n "__fish_tourney_using_subcommand db; and not __fish_seen_subcommand_from migrate backup help" -s V -l version -d 'Print version'
complete -c tourney -n "__fish_tourney_using_subcommand db; and not __fish_seen_subcommand_from migrate backup help" -f -a "migrate" -d 'Apply pending migrations (every command also does this on start)'
complete -c tourney -n "__fish_tourney_using_subcommand db; and not __fish_seen_subcommand_from migrate backup help" -f -a "backup" -d 'Copy the SQLite database, consistently, into a new file while serve and the shell keep writing (on Postgres, use pg_dump)'
complete -c tourney -n "__fish_tourney_using_subcommand db; and not __fish_seen_subcommand_from migrate backup help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c tourney -n "__fish_tourney_using_subcommand db; and __fish_seen_subcommand_from migrate" -l database-url -d 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME' -r
complete -c tourney -n "__fish_tourney_using_subcommand db; and __fish_seen_subcommand_from migrate" -l base-url -d 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]' -r
complete -c tourney -n "__fish_tourney_using_subcommand db; and __fish_seen_subcommand_from migrate" -l actor -d 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account\'s name]' -r
complete -c tourney -n "__fish_tourney_using_subcommand db; and __fish_seen_subcommand_from migrate" -s h -l help -d 'Print help'
complete -c tourney -n "__fish_tourney_using_subcommand db; and __fish_seen_subcommand_from migrate" -s V -l version -d 'Print version'
complete -c tourney -n "__fish_tourney_using_subcommand db; and __fish_seen_subcommand_from backup" -l database-url -d 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME' -r
complete -c tourney -n "__fish_tourney_using_subcommand db; and __fish_seen_subcommand_from backup" -l base-url -d 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]' -r
complete -c tourney -n "__fish_tourney_using_subcommand db; and __fish_seen_subcommand_from backup" -l actor -d 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account\'s name]' -r
complete -c tourney -n "__fish_tourney_using_subcommand db; and __fish_seen_subcommand_from backup" -s h -l help -d 'Print help'
complete -c tourney -n "__fish_tourney_using_subcommand db; and __fish_seen_subcommand_from backup" -s V -l version -d 'Print version'
complete -c tourney -n "__fish_tourney_using_subcommand db; and __fish_seen_subcommand_from help" -f -a "migrate" -d 'Apply pending migrations (every command also does this on start)'
complete -c tourney -n "__fish_tourney_using_subcommand db; and __fish_seen_subcommand_from help" -f -a "backup" -d 'Copy the SQLite database, consistently, into a new file while serve and the shell keep writing (on Postgres, use pg_dump)'
complete -c tourney -n "__fish_tourney_using_subcommand db; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and not __fish_seen_subcommand_from create status register check-in list update show registrations withdraw seed start help" -l database-url -d 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME' -r
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and not __fish_seen_subcommand_from create status register check-in list update show registrations withdraw seed start help" -l base-url -d 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]' -r
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and not __fish_seen_subcommand_from create status register check-in list update show registrations withdraw seed start help" -l actor -d 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account\'s name]' -r
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and not __fish_seen_subcommand_from create status register check-in list update show registrations withdraw seed start help" -s h -l help -d 'Print help'
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and not __fish_seen_subcommand_from create status register check-in list update show registrations withdraw seed start help" -s V -l version -d 'Print version'
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and not __fish_seen_subcommand_from create status register check-in list update show registrations withdraw seed start help" -f -a "create" -d 'Create a tournament (in DRAFT status)'
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and not __fish_seen_subcommand_from create status register check-in list update show registrations withdraw seed start help" -f -a "status" -d 'Move a tournament to another status'
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and not __fish_seen_subcommand_from create status register check-in list update show registrations withdraw seed start help" -f -a "register" -d 'Register a participant, or a team with its players (while registration is open); a full tournament with a waiting list puts them on it'
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and not __fish_seen_subcommand_from create status register check-in list update show registrations withdraw seed start help" -f -a "check-in" -d 'Check a registrant in for them (at any time before the start), or with --process apply the check-in\'s result now instead of when its window closes'
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and not __fish_seen_subcommand_from create status register check-in list update show registrations withdraw seed start help" -f -a "list" -d 'List tournaments, soonest first: every space\'s, or one space\'s, in any status or one'
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and not __fish_seen_subcommand_from create status register check-in list update show registrations withdraw seed start help" -f -a "update" -d 'Change a tournament\'s name, description, start or capacity (the start and the capacity only before it starts), its check-in, teams or waiting list (while registration is open)'
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and not __fish_seen_subcommand_from create status register check-in list update show registrations withdraw seed start help" -f -a "show" -d 'Show a tournament: its settings, its counts and its field'
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and not __fish_seen_subcommand_from create status register check-in list update show registrations withdraw seed start help" -f -a "registrations" -d 'List a tournament\'s registrations with the players\' private email addresses (for admins)'
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and not __fish_seen_subcommand_from create status register check-in list update show registrations withdraw seed start help" -f -a "withdraw" -d 'Withdraw a registration (before the tournament starts)'
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and not __fish_seen_subcommand_from create status register check-in list update show registrations withdraw seed start help" -f -a "seed" -d 'Set the seed order before the start: the players named take seeds 1, 2, 3, … in that order, the rest of the field follows in the order it had (no-shows of a check-in still go to the bottom at the start)'
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and not __fish_seen_subcommand_from create status register check-in list update show registrations withdraw seed start help" -f -a "start" -d 'Seed the field, draw the first stage and start play (registration must be closed)'
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and not __fish_seen_subcommand_from create status register check-in list update show registrations withdraw seed start help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from create" -l space -d 'The space the tournament belongs to' -r
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from create" -l slug -d 'Short name used in paths, unique across all spaces' -r
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from create" -l name -r
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from create" -l game -d 'Game identifier, such as chess' -r
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from create" -l format -r -f -a "single_elimination\t''
double_elimination\t''
round_robin\t''
swiss\t''
groups_playoffs\t''
free_for_all\t''"
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from create" -l max-participants -r
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from create" -l starts-at -d 'Start time, RFC 3339 (2026-12-01T18:00:00Z)' -r
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from create" -l description -r
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from create" -l groups -d 'groups_playoffs, and round_robin played in groups: number of groups' -r
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from create" -l advance -d 'groups_playoffs: how many of each group reach the playoff' -r
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from create" -l rounds -l swiss-rounds -d 'swiss and free_for_all: rounds to play [default: swiss ceil(log2 n), free_for_all 3]' -r
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from create" -l points -d 'free_for_all: points for places 1, 2, 3, ... [default: 25,18,15,12,10,8,6,4,2,1]' -r
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from create" -l advance-wins -d 'swiss: a player is through at W wins (with --eliminate-losses; instead of --rounds)' -r
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from create" -l eliminate-losses -d 'swiss: a player is out at L losses (with --advance-wins)' -r
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from create" -l check-in-opens -d 'Check-in opens this long before the start (90s, 60m, 2h; at most 7d); needs --check-in-closes' -r
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from create" -l check-in-closes -d 'Check-in closes this long before the start (10m; 0s: at the start)' -r
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from create" -l no-show -d 'What happens to a registrant who did not check in [default: bottom-seed]' -r -f -a "bottom-seed\t'Keep them, seeded after everyone who checked in'
remove\t'Remove them; those waiting take their places'"
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from create" -l team-size -d 'Teams of MIN..MAX players (or exactly N), named when they register' -r
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from create" -l waiting-list -d 'How many may wait for a place once the field is full; 0 turns the list off' -r
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from create" -l self-report -d 'Who reports results: organisers only (off), or also the two players of a ready match, one claiming a result on their private page and the other confirming or disputing it (confirm) [default: off]' -r -f -a "off\t'Organisers (and reporters) only'
confirm\t'Players too: a claim, confirmed or disputed by the opponent'"
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from create" -l confirm-within -d 'How long an opponent has to confirm or dispute a player\'s report before it stands (90s, 15m, 2h; 1s to 7d) [default: 15m]' -r
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from create" -l stations -d 'Play on stations: all (every station of the space, present and future) or NAME,NAME,...; ready matches are called to them as they free [default: none, nothing is called]' -r
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from create" -l match-duration -d 'A match\'s expected length before any is played (90s, 20m, 1h) [default: 20m]' -r
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from create" -l rest -d 'The least time between the end of a player\'s match and the call of their next (0s, 10m) [default: 0s]' -r
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from create" -l no-show-after -d 'A called match not begun this long after its call is flagged as a no-show [default: 5m]' -r
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from create" -l database-url -d 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME' -r
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from create" -l base-url -d 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]' -r
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from create" -l actor -d 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account\'s name]' -r
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from create" -l test -d 'A test tournament: visible to its own space only, never in widgets'
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from create" -l third-place -d 'single_elimination: play a match for third place'
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from create" -l incomplete-rosters -d 'Teams may register with fewer than MIN players'
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from create" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from create" -s V -l version -d 'Print version'
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from status" -l database-url -d 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME' -r
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from status" -l base-url -d 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]' -r
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from status" -l actor -d 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account\'s name]' -r
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from status" -s h -l help -d 'Print help'
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from status" -s V -l version -d 'Print version'
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from register" -l email -d 'The participant\'s email address: private, shown only by `tournaments registrations`' -r
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from register" -l player -d 'A team\'s player, by display name; once per player, in order' -r
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from register" -l database-url -d 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME' -r
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from register" -l base-url -d 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]' -r
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from register" -l actor -d 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account\'s name]' -r
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from register" -s h -l help -d 'Print help'
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from register" -s V -l version -d 'Print version'
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from check-in" -l database-url -d 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME' -r
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from check-in" -l base-url -d 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]' -r
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from check-in" -l actor -d 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account\'s name]' -r
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from check-in" -l process -d 'Apply the result now: no-shows to the bottom seeds or out, those waiting who checked in into free places, registration closed'
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from check-in" -s h -l help -d 'Print help'
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from check-in" -s V -l version -d 'Print version'
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from list" -l space -d 'Only this space\'s tournaments' -r
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from list" -l status -d 'Only tournaments in this status' -r -f -a "DRAFT\t''
ANNOUNCED\t''
REGISTRATION_OPEN\t''
REGISTRATION_CLOSED\t''
IN_PROGRESS\t''
COMPLETED\t''
CANCELLED\t''"
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from list" -l database-url -d 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME' -r
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from list" -l base-url -d 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]' -r
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from list" -l actor -d 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account\'s name]' -r
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help'
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from list" -s V -l version -d 'Print version'
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from update" -l name -r
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from update" -l description -d 'The new description; an empty one removes it' -r
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from update" -l starts-at -d 'Start time, RFC 3339 (2026-12-01T18:00:00Z)' -r
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from update" -l max-participants -r
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from update" -l check-in-opens -d 'Check-in opens this long before the start (90s, 60m, 2h; at most 7d); needs --check-in-closes' -r
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from update" -l check-in-closes -d 'Check-in closes this long before the start (10m; 0s: at the start)' -r
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from update" -l no-show -d 'What happens to a registrant who did not check in [default: bottom-seed]' -r -f -a "bottom-seed\t'Keep them, seeded after everyone who checked in'
remove\t'Remove them; those waiting take their places'"
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from update" -l team-size -d 'Teams of MIN..MAX players (or exactly N), named when they register' -r
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from update" -l waiting-list -d 'How many may wait for a place once the field is full; 0 turns the list off' -r
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from update" -l self-report -d 'Who reports results: organisers only (off), or also the two players of a ready match, one claiming a result on their private page and the other confirming or disputing it (confirm) [default: off]' -r -f -a "off\t'Organisers (and reporters) only'
confirm\t'Players too: a claim, confirmed or disputed by the opponent'"
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from update" -l confirm-within -d 'How long an opponent has to confirm or dispute a player\'s report before it stands (90s, 15m, 2h; 1s to 7d) [default: 15m]' -r
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from update" -l stations -d 'Play on stations: all (every station of the space, present and future) or NAME,NAME,...; ready matches are called to them as they free [default: none, nothing is called]' -r
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from update" -l match-duration -d 'A match\'s expected length before any is played (90s, 20m, 1h) [default: 20m]' -r
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from update" -l rest -d 'The least time between the end of a player\'s match and the call of their next (0s, 10m) [default: 0s]' -r
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from update" -l no-show-after -d 'A called match not begun this long after its call is flagged as a no-show [default: 5m]' -r
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from update" -l database-url -d 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME' -r
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from update" -l base-url -d 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]' -r
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from update" -l actor -d 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account\'s name]' -r
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from update" -l incomplete-rosters -d 'Teams may register with fewer than MIN players'
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from update" -l no-check-in -d 'Turn check-in off'
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from update" -l no-teams -d 'Take players instead of teams (only before the first registration)'
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from update" -l no-stations -d 'Play on no station: nothing more is called (calls made stand until their results)'
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from update" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from update" -s V -l version -d 'Print version'
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from show" -l database-url -d 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME' -r
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from show" -l base-url -d 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]' -r
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from show" -l actor -d 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account\'s name]' -r
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from show" -s h -l help -d 'Print help'
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from show" -s V -l version -d 'Print version'
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from registrations" -l database-url -d 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME' -r
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from registrations" -l base-url -d 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]' -r
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from registrations" -l actor -d 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account\'s name]' -r
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from registrations" -s h -l help -d 'Print help'
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from registrations" -s V -l version -d 'Print version'
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from withdraw" -l database-url -d 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME' -r
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from withdraw" -l base-url -d 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]' -r
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from withdraw" -l actor -d 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account\'s name]' -r
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from withdraw" -s h -l help -d 'Print help'
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from withdraw" -s V -l version -d 'Print version'
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from seed" -l database-url -d 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME' -r
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from seed" -l base-url -d 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]' -r
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from seed" -l actor -d 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account\'s name]' -r
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from seed" -s h -l help -d 'Print help'
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from seed" -s V -l version -d 'Print version'
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from start" -l database-url -d 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME' -r
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from start" -l base-url -d 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]' -r
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from start" -l actor -d 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account\'s name]' -r
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from start" -s h -l help -d 'Print help'
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from start" -s V -l version -d 'Print version'
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from help" -f -a "create" -d 'Create a tournament (in DRAFT status)'
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from help" -f -a "status" -d 'Move a tournament to another status'
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from help" -f -a "register" -d 'Register a participant, or a team with its players (while registration is open); a full tournament with a waiting list puts them on it'
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from help" -f -a "check-in" -d 'Check a registrant in for them (at any time before the start), or with --process apply the check-in\'s result now instead of when its window closes'
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from help" -f -a "list" -d 'List tournaments, soonest first: every space\'s, or one space\'s, in any status or one'
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from help" -f -a "update" -d 'Change a tournament\'s name, description, start or capacity (the start and the capacity only before it starts), its check-in, teams or waiting list (while registration is open)'
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from help" -f -a "show" -d 'Show a tournament: its settings, its counts and its field'
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from help" -f -a "registrations" -d 'List a tournament\'s registrations with the players\' private email addresses (for admins)'
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from help" -f -a "withdraw" -d 'Withdraw a registration (before the tournament starts)'
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from help" -f -a "seed" -d 'Set the seed order before the start: the players named take seeds 1, 2, 3, … in that order, the rest of the field follows in the order it had (no-shows of a check-in still go to the bottom at the start)'
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from help" -f -a "start" -d 'Seed the field, draw the first stage and start play (registration must be closed)'
complete -c tourney -n "__fish_tourney_using_subcommand tournaments; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c tourney -n "__fish_tourney_using_subcommand audit" -l space -d 'Only this space\'s entries' -r
complete -c tourney -n "__fish_tourney_using_subcommand audit" -l since -d 'Only entries at or after this time, RFC 3339 (2026-12-01T18:00:00Z)' -r
complete -c tourney -n "__fish_tourney_using_subcommand audit" -l by -d 'Only entries by this actor (an admin\'s name, a member\'s address, or portal); not `--actor`, which names who runs the command' -r
complete -c tourney -n "__fish_tourney_using_subcommand audit" -l limit -d 'The latest N entries that match' -r
complete -c tourney -n "__fish_tourney_using_subcommand audit" -l database-url -d 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME' -r
complete -c tourney -n "__fish_tourney_using_subcommand audit" -l base-url -d 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]' -r
complete -c tourney -n "__fish_tourney_using_subcommand audit" -l actor -d 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account\'s name]' -r
complete -c tourney -n "__fish_tourney_using_subcommand audit" -s h -l help -d 'Print help'
complete -c tourney -n "__fish_tourney_using_subcommand audit" -s V -l version -d 'Print version'
complete -c tourney -n "__fish_tourney_using_subcommand matches; and not __fish_seen_subcommand_from list report correct call uncall start help" -l database-url -d 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME' -r
complete -c tourney -n "__fish_tourney_using_subcommand matches; and not __fish_seen_subcommand_from list report correct call uncall start help" -l base-url -d 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]' -r
complete -c tourney -n "__fish_tourney_using_subcommand matches; and not __fish_seen_subcommand_from list report correct call uncall start help" -l actor -d 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account\'s name]' -r
complete -c tourney -n "__fish_tourney_using_subcommand matches; and not __fish_seen_subcommand_from list report correct call uncall start help" -s h -l help -d 'Print help'
complete -c tourney -n "__fish_tourney_using_subcommand matches; and not __fish_seen_subcommand_from list report correct call uncall start help" -s V -l version -d 'Print version'
complete -c tourney -n "__fish_tourney_using_subcommand matches; and not __fish_seen_subcommand_from list report correct call uncall start help" -f -a "list" -d 'List a tournament\'s matches with their ids, sides, status and score'
complete -c tourney -n "__fish_tourney_using_subcommand matches; and not __fish_seen_subcommand_from list report correct call uncall start help" -f -a "report" -d 'Report the result of a ready match'
complete -c tourney -n "__fish_tourney_using_subcommand matches; and not __fish_seen_subcommand_from list report correct call uncall start help" -f -a "correct" -d 'Correct the result of a completed match (later matches that depended on it are reset)'
complete -c tourney -n "__fish_tourney_using_subcommand matches; and not __fish_seen_subcommand_from list report correct call uncall start help" -f -a "call" -d 'Call a ready match to a station now (the first free one of the tournament, or the one named); a called match moves to the station named'
complete -c tourney -n "__fish_tourney_using_subcommand matches; and not __fish_seen_subcommand_from list report correct call uncall start help" -f -a "uncall" -d 'Take back a match\'s call: its station is free and the match waits in the queue again'
complete -c tourney -n "__fish_tourney_using_subcommand matches; and not __fish_seen_subcommand_from list report correct call uncall start help" -f -a "start" -d 'Record that a called match is being played (its players are at the station)'
complete -c tourney -n "__fish_tourney_using_subcommand matches; and not __fish_seen_subcommand_from list report correct call uncall start help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c tourney -n "__fish_tourney_using_subcommand matches; and __fish_seen_subcommand_from list" -l database-url -d 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME' -r
complete -c tourney -n "__fish_tourney_using_subcommand matches; and __fish_seen_subcommand_from list" -l base-url -d 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]' -r
complete -c tourney -n "__fish_tourney_using_subcommand matches; and __fish_seen_subcommand_from list" -l actor -d 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account\'s name]' -r
complete -c tourney -n "__fish_tourney_using_subcommand matches; and __fish_seen_subcommand_from list" -l ready -d 'Only the matches ready to be reported'
complete -c tourney -n "__fish_tourney_using_subcommand matches; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help'
complete -c tourney -n "__fish_tourney_using_subcommand matches; and __fish_seen_subcommand_from list" -s V -l version -d 'Print version'
complete -c tourney -n "__fish_tourney_using_subcommand matches; and __fish_seen_subcommand_from report" -l score -d 'The score, side a first: 2-1' -r
complete -c tourney -n "__fish_tourney_using_subcommand matches; and __fish_seen_subcommand_from report" -l forfeit -d 'The side that forfeited; the other wins (a score is then optional)' -r -f -a "a\t''
b\t''"
complete -c tourney -n "__fish_tourney_using_subcommand matches; and __fish_seen_subcommand_from report" -l place -d 'Free-for-all rounds: a participant (name or par_ id), once per place, in finishing order' -r
complete -c tourney -n "__fish_tourney_using_subcommand matches; and __fish_seen_subcommand_from report" -l database-url -d 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME' -r
complete -c tourney -n "__fish_tourney_using_subcommand matches; and __fish_seen_subcommand_from report" -l base-url -d 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]' -r
complete -c tourney -n "__fish_tourney_using_subcommand matches; and __fish_seen_subcommand_from report" -l actor -d 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account\'s name]' -r
complete -c tourney -n "__fish_tourney_using_subcommand matches; and __fish_seen_subcommand_from report" -s h -l help -d 'Print help'
complete -c tourney -n "__fish_tourney_using_subcommand matches; and __fish_seen_subcommand_from report" -s V -l version -d 'Print version'
complete -c tourney -n "__fish_tourney_using_subcommand matches; and __fish_seen_subcommand_from correct" -l score -d 'The score, side a first: 2-1' -r
complete -c tourney -n "__fish_tourney_using_subcommand matches; and __fish_seen_subcommand_from correct" -l forfeit -d 'The side that forfeited; the other wins (a score is then optional)' -r -f -a "a\t''
b\t''"
complete -c tourney -n "__fish_tourney_using_subcommand matches; and __fish_seen_subcommand_from correct" -l place -d 'Free-for-all rounds: a participant (name or par_ id), once per place, in finishing order' -r
complete -c tourney -n "__fish_tourney_using_subcommand matches; and __fish_seen_subcommand_from correct" -l database-url -d 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME' -r
complete -c tourney -n "__fish_tourney_using_subcommand matches; and __fish_seen_subcommand_from correct" -l base-url -d 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]' -r
complete -c tourney -n "__fish_tourney_using_subcommand matches; and __fish_seen_subcommand_from correct" -l actor -d 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account\'s name]' -r
complete -c tourney -n "__fish_tourney_using_subcommand matches; and __fish_seen_subcommand_from correct" -s h -l help -d 'Print help'
complete -c tourney -n "__fish_tourney_using_subcommand matches; and __fish_seen_subcommand_from correct" -s V -l version -d 'Print version'
complete -c tourney -n "__fish_tourney_using_subcommand matches; and __fish_seen_subcommand_from call" -l station -d 'The station\'s name [default: the first free station of the tournament]' -r
complete -c tourney -n "__fish_tourney_using_subcommand matches; and __fish_seen_subcommand_from call" -l database-url -d 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME' -r
complete -c tourney -n "__fish_tourney_using_subcommand matches; and __fish_seen_subcommand_from call" -l base-url -d 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]' -r
complete -c tourney -n "__fish_tourney_using_subcommand matches; and __fish_seen_subcommand_from call" -l actor -d 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account\'s name]' -r
complete -c tourney -n "__fish_tourney_using_subcommand matches; and __fish_seen_subcommand_from call" -s h -l help -d 'Print help'
complete -c tourney -n "__fish_tourney_using_subcommand matches; and __fish_seen_subcommand_from call" -s V -l version -d 'Print version'
complete -c tourney -n "__fish_tourney_using_subcommand matches; and __fish_seen_subcommand_from uncall" -l database-url -d 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME' -r
complete -c tourney -n "__fish_tourney_using_subcommand matches; and __fish_seen_subcommand_from uncall" -l base-url -d 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]' -r
complete -c tourney -n "__fish_tourney_using_subcommand matches; and __fish_seen_subcommand_from uncall" -l actor -d 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account\'s name]' -r
complete -c tourney -n "__fish_tourney_using_subcommand matches; and __fish_seen_subcommand_from uncall" -s h -l help -d 'Print help'
complete -c tourney -n "__fish_tourney_using_subcommand matches; and __fish_seen_subcommand_from uncall" -s V -l version -d 'Print version'
complete -c tourney -n "__fish_tourney_using_subcommand matches; and __fish_seen_subcommand_from start" -l database-url -d 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME' -r
complete -c tourney -n "__fish_tourney_using_subcommand matches; and __fish_seen_subcommand_from start" -l base-url -d 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]' -r
complete -c tourney -n "__fish_tourney_using_subcommand matches; and __fish_seen_subcommand_from start" -l actor -d 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account\'s name]' -r
complete -c tourney -n "__fish_tourney_using_subcommand matches; and __fish_seen_subcommand_from start" -s h -l help -d 'Print help'
complete -c tourney -n "__fish_tourney_using_subcommand matches; and __fish_seen_subcommand_from start" -s V -l version -d 'Print version'
complete -c tourney -n "__fish_tourney_using_subcommand matches; and __fish_seen_subcommand_from help" -f -a "list" -d 'List a tournament\'s matches with their ids, sides, status and score'
complete -c tourney -n "__fish_tourney_using_subcommand matches; and __fish_seen_subcommand_from help" -f -a "report" -d 'Report the result of a ready match'
complete -c tourney -n "__fish_tourney_using_subcommand matches; and __fish_seen_subcommand_from help" -f -a "correct" -d 'Correct the result of a completed match (later matches that depended on it are reset)'
complete -c tourney -n "__fish_tourney_using_subcommand matches; and __fish_seen_subcommand_from help" -f -a "call" -d 'Call a ready match to a station now (the first free one of the tournament, or the one named); a called match moves to the station named'
complete -c tourney -n "__fish_tourney_using_subcommand matches; and __fish_seen_subcommand_from help" -f -a "uncall" -d 'Take back a match\'s call: its station is free and the match waits in the queue again'
complete -c tourney -n "__fish_tourney_using_subcommand matches; and __fish_seen_subcommand_from help" -f -a "start" -d 'Record that a called match is being played (its players are at the station)'
complete -c tourney -n "__fish_tourney_using_subcommand matches; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c tourney -n "__fish_tourney_using_subcommand stages; and not __fish_seen_subcommand_from add list remove seed help" -l database-url -d 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME' -r
complete -c tourney -n "__fish_tourney_using_subcommand stages; and not __fish_seen_subcommand_from add list remove seed help" -l base-url -d 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]' -r
complete -c tourney -n "__fish_tourney_using_subcommand stages; and not __fish_seen_subcommand_from add list remove seed help" -l actor -d 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account\'s name]' -r
complete -c tourney -n "__fish_tourney_using_subcommand stages; and not __fish_seen_subcommand_from add list remove seed help" -s h -l help -d 'Print help'
complete -c tourney -n "__fish_tourney_using_subcommand stages; and not __fish_seen_subcommand_from add list remove seed help" -s V -l version -d 'Print version'
complete -c tourney -n "__fish_tourney_using_subcommand stages; and not __fish_seen_subcommand_from add list remove seed help" -f -a "add" -d 'Add a stage after the tournament\'s last, fed by the best of the stage before (before the start)'
complete -c tourney -n "__fish_tourney_using_subcommand stages; and not __fish_seen_subcommand_from add list remove seed help" -f -a "list" -d 'List a tournament\'s stages: format, options, how each is fed, status'
complete -c tourney -n "__fish_tourney_using_subcommand stages; and not __fish_seen_subcommand_from add list remove seed help" -f -a "remove" -d 'Remove the last stage added (before the start)'
complete -c tourney -n "__fish_tourney_using_subcommand stages; and not __fish_seen_subcommand_from add list remove seed help" -f -a "seed" -d 'Reseed a drawn stage before its first result: every player of the stage, best first'
complete -c tourney -n "__fish_tourney_using_subcommand stages; and not __fish_seen_subcommand_from add list remove seed help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c tourney -n "__fish_tourney_using_subcommand stages; and __fish_seen_subcommand_from add" -l format -d 'single_elimination, double_elimination, round_robin (with --groups N: a group stage) or swiss' -r -f -a "single_elimination\t''
double_elimination\t''
round_robin\t''
swiss\t''
groups_playoffs\t''
free_for_all\t''"
complete -c tourney -n "__fish_tourney_using_subcommand stages; and __fish_seen_subcommand_from add" -l take -d 'How many of the stage before go on: the best N of its standings, or with --per-group the best N of each of its groups' -r
complete -c tourney -n "__fish_tourney_using_subcommand stages; and __fish_seen_subcommand_from add" -l name -d 'The name pages show [default: Playoff, Groups, Swiss, Round robin]' -r
complete -c tourney -n "__fish_tourney_using_subcommand stages; and __fish_seen_subcommand_from add" -l groups -d 'round_robin: play it in N groups (snake seeding)' -r
complete -c tourney -n "__fish_tourney_using_subcommand stages; and __fish_seen_subcommand_from add" -l rounds -d 'swiss: rounds to play [default: ceil(log2 n)]' -r
complete -c tourney -n "__fish_tourney_using_subcommand stages; and __fish_seen_subcommand_from add" -l advance-wins -d 'swiss: a player is through at W wins (with --eliminate-losses; instead of --rounds)' -r
complete -c tourney -n "__fish_tourney_using_subcommand stages; and __fish_seen_subcommand_from add" -l eliminate-losses -d 'swiss: a player is out at L losses (with --advance-wins)' -r
complete -c tourney -n "__fish_tourney_using_subcommand stages; and __fish_seen_subcommand_from add" -l database-url -d 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME' -r
complete -c tourney -n "__fish_tourney_using_subcommand stages; and __fish_seen_subcommand_from add" -l base-url -d 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]' -r
complete -c tourney -n "__fish_tourney_using_subcommand stages; and __fish_seen_subcommand_from add" -l actor -d 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account\'s name]' -r
complete -c tourney -n "__fish_tourney_using_subcommand stages; and __fish_seen_subcommand_from add" -l per-group -d '--take counts per group of the stage before (a group stage), rank by rank across groups'
complete -c tourney -n "__fish_tourney_using_subcommand stages; and __fish_seen_subcommand_from add" -l third-place -d 'single_elimination: play a match for third place'
complete -c tourney -n "__fish_tourney_using_subcommand stages; and __fish_seen_subcommand_from add" -s h -l help -d 'Print help'
complete -c tourney -n "__fish_tourney_using_subcommand stages; and __fish_seen_subcommand_from add" -s V -l version -d 'Print version'
complete -c tourney -n "__fish_tourney_using_subcommand stages; and __fish_seen_subcommand_from list" -l database-url -d 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME' -r
complete -c tourney -n "__fish_tourney_using_subcommand stages; and __fish_seen_subcommand_from list" -l base-url -d 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]' -r
complete -c tourney -n "__fish_tourney_using_subcommand stages; and __fish_seen_subcommand_from list" -l actor -d 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account\'s name]' -r
complete -c tourney -n "__fish_tourney_using_subcommand stages; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help'
complete -c tourney -n "__fish_tourney_using_subcommand stages; and __fish_seen_subcommand_from list" -s V -l version -d 'Print version'
complete -c tourney -n "__fish_tourney_using_subcommand stages; and __fish_seen_subcommand_from remove" -l database-url -d 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME' -r
complete -c tourney -n "__fish_tourney_using_subcommand stages; and __fish_seen_subcommand_from remove" -l base-url -d 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]' -r
complete -c tourney -n "__fish_tourney_using_subcommand stages; and __fish_seen_subcommand_from remove" -l actor -d 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account\'s name]' -r
complete -c tourney -n "__fish_tourney_using_subcommand stages; and __fish_seen_subcommand_from remove" -s h -l help -d 'Print help'
complete -c tourney -n "__fish_tourney_using_subcommand stages; and __fish_seen_subcommand_from remove" -s V -l version -d 'Print version'
complete -c tourney -n "__fish_tourney_using_subcommand stages; and __fish_seen_subcommand_from seed" -l database-url -d 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME' -r
complete -c tourney -n "__fish_tourney_using_subcommand stages; and __fish_seen_subcommand_from seed" -l base-url -d 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]' -r
complete -c tourney -n "__fish_tourney_using_subcommand stages; and __fish_seen_subcommand_from seed" -l actor -d 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account\'s name]' -r
complete -c tourney -n "__fish_tourney_using_subcommand stages; and __fish_seen_subcommand_from seed" -s h -l help -d 'Print help'
complete -c tourney -n "__fish_tourney_using_subcommand stages; and __fish_seen_subcommand_from seed" -s V -l version -d 'Print version'
complete -c tourney -n "__fish_tourney_using_subcommand stages; and __fish_seen_subcommand_from help" -f -a "add" -d 'Add a stage after the tournament\'s last, fed by the best of the stage before (before the start)'
complete -c tourney -n "__fish_tourney_using_subcommand stages; and __fish_seen_subcommand_from help" -f -a "list" -d 'List a tournament\'s stages: format, options, how each is fed, status'
complete -c tourney -n "__fish_tourney_using_subcommand stages; and __fish_seen_subcommand_from help" -f -a "remove" -d 'Remove the last stage added (before the start)'
complete -c tourney -n "__fish_tourney_using_subcommand stages; and __fish_seen_subcommand_from help" -f -a "seed" -d 'Reseed a drawn stage before its first result: every player of the stage, best first'
complete -c tourney -n "__fish_tourney_using_subcommand stages; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c tourney -n "__fish_tourney_using_subcommand stations; and not __fish_seen_subcommand_from add list pause resume remove help" -l database-url -d 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME' -r
complete -c tourney -n "__fish_tourney_using_subcommand stations; and not __fish_seen_subcommand_from add list pause resume remove help" -l base-url -d 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]' -r
complete -c tourney -n "__fish_tourney_using_subcommand stations; and not __fish_seen_subcommand_from add list pause resume remove help" -l actor -d 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account\'s name]' -r
complete -c tourney -n "__fish_tourney_using_subcommand stations; and not __fish_seen_subcommand_from add list pause resume remove help" -s h -l help -d 'Print help'
complete -c tourney -n "__fish_tourney_using_subcommand stations; and not __fish_seen_subcommand_from add list pause resume remove help" -s V -l version -d 'Print version'
complete -c tourney -n "__fish_tourney_using_subcommand stations; and not __fish_seen_subcommand_from add list pause resume remove help" -f -a "add" -d 'Add stations to a space, in the order given (the order calls prefer them)'
complete -c tourney -n "__fish_tourney_using_subcommand stations; and not __fish_seen_subcommand_from add list pause resume remove help" -f -a "list" -d 'List a space\'s stations, each with the match it holds and since when'
complete -c tourney -n "__fish_tourney_using_subcommand stations; and not __fish_seen_subcommand_from add list pause resume remove help" -f -a "pause" -d 'Pause a station: nothing new is called to it (a match it holds plays on)'
complete -c tourney -n "__fish_tourney_using_subcommand stations; and not __fish_seen_subcommand_from add list pause resume remove help" -f -a "resume" -d 'Resume a paused station'
complete -c tourney -n "__fish_tourney_using_subcommand stations; and not __fish_seen_subcommand_from add list pause resume remove help" -f -a "remove" -d 'Remove a station that holds no match'
complete -c tourney -n "__fish_tourney_using_subcommand stations; and not __fish_seen_subcommand_from add list pause resume remove help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c tourney -n "__fish_tourney_using_subcommand stations; and __fish_seen_subcommand_from add" -l space -r
complete -c tourney -n "__fish_tourney_using_subcommand stations; and __fish_seen_subcommand_from add" -l database-url -d 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME' -r
complete -c tourney -n "__fish_tourney_using_subcommand stations; and __fish_seen_subcommand_from add" -l base-url -d 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]' -r
complete -c tourney -n "__fish_tourney_using_subcommand stations; and __fish_seen_subcommand_from add" -l actor -d 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account\'s name]' -r
complete -c tourney -n "__fish_tourney_using_subcommand stations; and __fish_seen_subcommand_from add" -s h -l help -d 'Print help'
complete -c tourney -n "__fish_tourney_using_subcommand stations; and __fish_seen_subcommand_from add" -s V -l version -d 'Print version'
complete -c tourney -n "__fish_tourney_using_subcommand stations; and __fish_seen_subcommand_from list" -l space -r
complete -c tourney -n "__fish_tourney_using_subcommand stations; and __fish_seen_subcommand_from list" -l database-url -d 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME' -r
complete -c tourney -n "__fish_tourney_using_subcommand stations; and __fish_seen_subcommand_from list" -l base-url -d 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]' -r
complete -c tourney -n "__fish_tourney_using_subcommand stations; and __fish_seen_subcommand_from list" -l actor -d 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account\'s name]' -r
complete -c tourney -n "__fish_tourney_using_subcommand stations; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help'
complete -c tourney -n "__fish_tourney_using_subcommand stations; and __fish_seen_subcommand_from list" -s V -l version -d 'Print version'
complete -c tourney -n "__fish_tourney_using_subcommand stations; and __fish_seen_subcommand_from pause" -l space -r
complete -c tourney -n "__fish_tourney_using_subcommand stations; and __fish_seen_subcommand_from pause" -l database-url -d 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME' -r
complete -c tourney -n "__fish_tourney_using_subcommand stations; and __fish_seen_subcommand_from pause" -l base-url -d 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]' -r
complete -c tourney -n "__fish_tourney_using_subcommand stations; and __fish_seen_subcommand_from pause" -l actor -d 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account\'s name]' -r
complete -c tourney -n "__fish_tourney_using_subcommand stations; and __fish_seen_subcommand_from pause" -s h -l help -d 'Print help'
complete -c tourney -n "__fish_tourney_using_subcommand stations; and __fish_seen_subcommand_from pause" -s V -l version -d 'Print version'
complete -c tourney -n "__fish_tourney_using_subcommand stations; and __fish_seen_subcommand_from resume" -l space -r
complete -c tourney -n "__fish_tourney_using_subcommand stations; and __fish_seen_subcommand_from resume" -l database-url -d 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME' -r
complete -c tourney -n "__fish_tourney_using_subcommand stations; and __fish_seen_subcommand_from resume" -l base-url -d 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]' -r
complete -c tourney -n "__fish_tourney_using_subcommand stations; and __fish_seen_subcommand_from resume" -l actor -d 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account\'s name]' -r
complete -c tourney -n "__fish_tourney_using_subcommand stations; and __fish_seen_subcommand_from resume" -s h -l help -d 'Print help'
complete -c tourney -n "__fish_tourney_using_subcommand stations; and __fish_seen_subcommand_from resume" -s V -l version -d 'Print version'
complete -c tourney -n "__fish_tourney_using_subcommand stations; and __fish_seen_subcommand_from remove" -l space -r
complete -c tourney -n "__fish_tourney_using_subcommand stations; and __fish_seen_subcommand_from remove" -l database-url -d 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME' -r
complete -c tourney -n "__fish_tourney_using_subcommand stations; and __fish_seen_subcommand_from remove" -l base-url -d 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]' -r
complete -c tourney -n "__fish_tourney_using_subcommand stations; and __fish_seen_subcommand_from remove" -l actor -d 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account\'s name]' -r
complete -c tourney -n "__fish_tourney_using_subcommand stations; and __fish_seen_subcommand_from remove" -s h -l help -d 'Print help'
complete -c tourney -n "__fish_tourney_using_subcommand stations; and __fish_seen_subcommand_from remove" -s V -l version -d 'Print version'
complete -c tourney -n "__fish_tourney_using_subcommand stations; and __fish_seen_subcommand_from help" -f -a "add" -d 'Add stations to a space, in the order given (the order calls prefer them)'
complete -c tourney -n "__fish_tourney_using_subcommand stations; and __fish_seen_subcommand_from help" -f -a "list" -d 'List a space\'s stations, each with the match it holds and since when'
complete -c tourney -n "__fish_tourney_using_subcommand stations; and __fish_seen_subcommand_from help" -f -a "pause" -d 'Pause a station: nothing new is called to it (a match it holds plays on)'
complete -c tourney -n "__fish_tourney_using_subcommand stations; and __fish_seen_subcommand_from help" -f -a "resume" -d 'Resume a paused station'
complete -c tourney -n "__fish_tourney_using_subcommand stations; and __fish_seen_subcommand_from help" -f -a "remove" -d 'Remove a station that holds no match'
complete -c tourney -n "__fish_tourney_using_subcommand stations; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and not __fish_seen_subcommand_from add update list remove rotate-secret disable enable deliveries attempts retry test help" -l database-url -d 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME' -r
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and not __fish_seen_subcommand_from add update list remove rotate-secret disable enable deliveries attempts retry test help" -l base-url -d 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]' -r
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and not __fish_seen_subcommand_from add update list remove rotate-secret disable enable deliveries attempts retry test help" -l actor -d 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account\'s name]' -r
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and not __fish_seen_subcommand_from add update list remove rotate-secret disable enable deliveries attempts retry test help" -s h -l help -d 'Print help'
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and not __fish_seen_subcommand_from add update list remove rotate-secret disable enable deliveries attempts retry test help" -s V -l version -d 'Print version'
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and not __fish_seen_subcommand_from add update list remove rotate-secret disable enable deliveries attempts retry test help" -f -a "add" -d 'Register an HTTPS address for a space\'s events; prints its signing secret once'
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and not __fish_seen_subcommand_from add update list remove rotate-secret disable enable deliveries attempts retry test help" -f -a "update" -d 'Change how an address\'s requests are signed (from its next attempt on)'
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and not __fish_seen_subcommand_from add update list remove rotate-secret disable enable deliveries attempts retry test help" -f -a "list" -d 'List a space\'s webhook addresses'
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and not __fish_seen_subcommand_from add update list remove rotate-secret disable enable deliveries attempts retry test help" -f -a "remove" -d 'Stop sending to an address (its unfinished deliveries fail)'
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and not __fish_seen_subcommand_from add update list remove rotate-secret disable enable deliveries attempts retry test help" -f -a "rotate-secret" -d 'Replace an address\'s signing secret; prints the new one once'
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and not __fish_seen_subcommand_from add update list remove rotate-secret disable enable deliveries attempts retry test help" -f -a "disable" -d 'Stop sending to an address for now; its deliveries are kept until it is enabled again'
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and not __fish_seen_subcommand_from add update list remove rotate-secret disable enable deliveries attempts retry test help" -f -a "enable" -d 'Send to a disabled address again; the deliveries kept for it go out (or, with --drop-kept, fail)'
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and not __fish_seen_subcommand_from add update list remove rotate-secret disable enable deliveries attempts retry test help" -f -a "deliveries" -d 'List an address\'s deliveries, newest first, with their latest attempt'
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and not __fish_seen_subcommand_from add update list remove rotate-secret disable enable deliveries attempts retry test help" -f -a "attempts" -d 'Print a delivery\'s attempt log: trigger, time, duration, outcome and why, peer, answer'
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and not __fish_seen_subcommand_from add update list remove rotate-secret disable enable deliveries attempts retry test help" -f -a "retry" -d 'Queue a failed delivery (or every failed delivery of an address) for one manual attempt'
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and not __fish_seen_subcommand_from add update list remove rotate-secret disable enable deliveries attempts retry test help" -f -a "test" -d 'Send a realistic signed example of an event type to one address now, through the real delivery path, and print the outcome; the body carries "example": true'
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and not __fish_seen_subcommand_from add update list remove rotate-secret disable enable deliveries attempts retry test help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from add" -l space -d 'The space whose events go to the address' -r
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from add" -l events -d 'Only these event types [default: every type]' -r
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from add" -l signature-headers -d 'Which signature headers its requests carry: the specification\'s Svc-Webhook-* and Standard Webhooks\' webhook-* (both), or one set alone' -r -f -a "both\t'Svc-Webhook-* and webhook-* (Standard Webhooks)'
specification\t'Svc-Webhook-* alone'
standard\t'webhook-* alone (Standard Webhooks)'"
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from add" -l allow-cidr -d 'Let webhooks reach this address range although it is private or internal (tests, on-premise receivers); repeatable, off by default' -r
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from add" -l database-url -d 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME' -r
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from add" -l base-url -d 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]' -r
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from add" -l actor -d 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account\'s name]' -r
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from add" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from add" -s V -l version -d 'Print version'
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from update" -l signature-headers -d 'Which signature headers its requests carry' -r -f -a "both\t'Svc-Webhook-* and webhook-* (Standard Webhooks)'
specification\t'Svc-Webhook-* alone'
standard\t'webhook-* alone (Standard Webhooks)'"
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from update" -l database-url -d 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME' -r
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from update" -l base-url -d 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]' -r
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from update" -l actor -d 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account\'s name]' -r
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from update" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from update" -s V -l version -d 'Print version'
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from list" -l space -r
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from list" -l database-url -d 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME' -r
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from list" -l base-url -d 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]' -r
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from list" -l actor -d 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account\'s name]' -r
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help'
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from list" -s V -l version -d 'Print version'
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from remove" -l database-url -d 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME' -r
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from remove" -l base-url -d 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]' -r
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from remove" -l actor -d 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account\'s name]' -r
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from remove" -s h -l help -d 'Print help'
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from remove" -s V -l version -d 'Print version'
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from rotate-secret" -l overlap -d 'How long the old secret keeps signing too (a second v1= value)' -r
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from rotate-secret" -l database-url -d 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME' -r
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from rotate-secret" -l base-url -d 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]' -r
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from rotate-secret" -l actor -d 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account\'s name]' -r
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from rotate-secret" -s h -l help -d 'Print help'
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from rotate-secret" -s V -l version -d 'Print version'
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from disable" -l database-url -d 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME' -r
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from disable" -l base-url -d 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]' -r
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from disable" -l actor -d 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account\'s name]' -r
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from disable" -s h -l help -d 'Print help'
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from disable" -s V -l version -d 'Print version'
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from enable" -l database-url -d 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME' -r
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from enable" -l base-url -d 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]' -r
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from enable" -l actor -d 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account\'s name]' -r
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from enable" -l drop-kept -d 'Fail the deliveries kept while it was disabled instead of sending them (`hooks retry` can still send them later)'
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from enable" -s h -l help -d 'Print help'
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from enable" -s V -l version -d 'Print version'
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from deliveries" -l status -d 'Only deliveries in this state' -r -f -a "pending\t''
in_flight\t''
succeeded\t''
failed\t''"
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from deliveries" -l event -d 'Only deliveries of this event type' -r
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from deliveries" -l since -d 'Only events since TIME (2026-11-23T10:00:00Z) or for the last DURATION (90m, 2d)' -r
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from deliveries" -l until -d 'Only events before TIME (2026-11-23T10:00:00Z)' -r
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from deliveries" -l limit -d 'At most this many' -r
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from deliveries" -l database-url -d 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME' -r
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from deliveries" -l base-url -d 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]' -r
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from deliveries" -l actor -d 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account\'s name]' -r
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from deliveries" -l failed -d 'Only deliveries that failed for good (the same as --status failed)'
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from deliveries" -s h -l help -d 'Print help'
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from deliveries" -s V -l version -d 'Print version'
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from attempts" -l database-url -d 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME' -r
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from attempts" -l base-url -d 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]' -r
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from attempts" -l actor -d 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account\'s name]' -r
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from attempts" -s h -l help -d 'Print help'
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from attempts" -s V -l version -d 'Print version'
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from retry" -l hook -d 'Every failed delivery of this address (hook_...)' -r
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from retry" -l since -d 'With --hook: only those of events since TIME (2026-11-23T10:00:00Z) or for the last DURATION (90m, 2d)' -r
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from retry" -l database-url -d 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME' -r
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from retry" -l base-url -d 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]' -r
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from retry" -l actor -d 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account\'s name]' -r
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from retry" -l failed -d 'With --hook: the failed deliveries (the only ones that can be retried)'
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from retry" -s h -l help -d 'Print help'
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from retry" -s V -l version -d 'Print version'
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from test" -l event -d 'The event type to send an example of' -r -f -a "tournament.status_changed\t''
registration.created\t''
registration.withdrawn\t''
registration.checked_in\t''
registration.promoted\t''
registration.not_admitted\t''
match.ready\t''
match.called\t''
match.started\t''
match.reported\t''
match.disputed\t''
match.report_closed\t''
match.completed\t''
match.corrected\t''
ping\t''"
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from test" -l allow-cidr -d 'Let webhooks reach this address range although it is private or internal (tests, on-premise receivers); repeatable, off by default' -r
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from test" -l root-cert -d 'Also trust this PEM root certificate (a test receiver\'s CA)' -r -F
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from test" -l database-url -d 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME' -r
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from test" -l base-url -d 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]' -r
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from test" -l actor -d 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account\'s name]' -r
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from test" -s h -l help -d 'Print help'
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from test" -s V -l version -d 'Print version'
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from help" -f -a "add" -d 'Register an HTTPS address for a space\'s events; prints its signing secret once'
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from help" -f -a "update" -d 'Change how an address\'s requests are signed (from its next attempt on)'
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from help" -f -a "list" -d 'List a space\'s webhook addresses'
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from help" -f -a "remove" -d 'Stop sending to an address (its unfinished deliveries fail)'
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from help" -f -a "rotate-secret" -d 'Replace an address\'s signing secret; prints the new one once'
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from help" -f -a "disable" -d 'Stop sending to an address for now; its deliveries are kept until it is enabled again'
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from help" -f -a "enable" -d 'Send to a disabled address again; the deliveries kept for it go out (or, with --drop-kept, fail)'
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from help" -f -a "deliveries" -d 'List an address\'s deliveries, newest first, with their latest attempt'
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from help" -f -a "attempts" -d 'Print a delivery\'s attempt log: trigger, time, duration, outcome and why, peer, answer'
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from help" -f -a "retry" -d 'Queue a failed delivery (or every failed delivery of an address) for one manual attempt'
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from help" -f -a "test" -d 'Send a realistic signed example of an event type to one address now, through the real delivery path, and print the outcome; the body carries "example": true'
complete -c tourney -n "__fish_tourney_using_subcommand hooks; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c tourney -n "__fish_tourney_using_subcommand dispatch" -l listen -d 'Serve /metrics (and /healthz) on this address while delivering, for monitoring' -r
complete -c tourney -n "__fish_tourney_using_subcommand dispatch" -l concurrency -d 'Webhook requests in flight at once' -r
complete -c tourney -n "__fish_tourney_using_subcommand dispatch" -l retry-delays -d 'Delays before attempts 2, 3, ... after a failure (the last failure marks it failed)' -r
complete -c tourney -n "__fish_tourney_using_subcommand dispatch" -l lease -d 'How long a claimed delivery stays claimed if its loop stops renewing it (it is renewed while the loop holds it): the time after which another loop sends the deliveries of a loop that died' -r
complete -c tourney -n "__fish_tourney_using_subcommand dispatch" -l disable-after -d 'Disable a webhook address whose every attempt has failed for this long (a 410 Gone answer disables it at once); `hooks enable` turns it back on' -r
complete -c tourney -n "__fish_tourney_using_subcommand dispatch" -l allow-cidr -d 'Let webhooks reach this address range although it is private or internal (tests, on-premise receivers); repeatable, off by default' -r
complete -c tourney -n "__fish_tourney_using_subcommand dispatch" -l root-cert -d 'Also trust this PEM root certificate (a test receiver\'s CA)' -r -F
complete -c tourney -n "__fish_tourney_using_subcommand dispatch" -l database-url -d 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME' -r
complete -c tourney -n "__fish_tourney_using_subcommand dispatch" -l base-url -d 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]' -r
complete -c tourney -n "__fish_tourney_using_subcommand dispatch" -l actor -d 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account\'s name]' -r
complete -c tourney -n "__fish_tourney_using_subcommand dispatch" -l once -d 'Deliver what is due now, then exit'
complete -c tourney -n "__fish_tourney_using_subcommand dispatch" -s h -l help -d 'Print help'
complete -c tourney -n "__fish_tourney_using_subcommand dispatch" -s V -l version -d 'Print version'
complete -c tourney -n "__fish_tourney_using_subcommand ping" -l allow-cidr -d 'Let webhooks reach this address range although it is private or internal (tests, on-premise receivers); repeatable, off by default' -r
complete -c tourney -n "__fish_tourney_using_subcommand ping" -l root-cert -d 'Also trust this PEM root certificate (a test receiver\'s CA)' -r -F
complete -c tourney -n "__fish_tourney_using_subcommand ping" -l database-url -d 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME' -r
complete -c tourney -n "__fish_tourney_using_subcommand ping" -l base-url -d 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]' -r
complete -c tourney -n "__fish_tourney_using_subcommand ping" -l actor -d 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account\'s name]' -r
complete -c tourney -n "__fish_tourney_using_subcommand ping" -s h -l help -d 'Print help'
complete -c tourney -n "__fish_tourney_using_subcommand ping" -s V -l version -d 'Print version'
complete -c tourney -n "__fish_tourney_using_subcommand verify; and not __fish_seen_subcommand_from receiver help" -l secret -d 'The address\'s signing secret (whsec_...); repeat it for both secrets of a rotation' -r
complete -c tourney -n "__fish_tourney_using_subcommand verify; and not __fish_seen_subcommand_from receiver help" -l headers -d 'The request\'s headers as the receiver logged them, one "Name: value" per line (both sets are read); instead of --id, --timestamp and --signature' -r -F
complete -c tourney -n "__fish_tourney_using_subcommand verify; and not __fish_seen_subcommand_from receiver help" -l id -d 'The Svc-Webhook-Id (or webhook-id) header' -r
complete -c tourney -n "__fish_tourney_using_subcommand verify; and not __fish_seen_subcommand_from receiver help" -l timestamp -d 'The Svc-Webhook-Timestamp (or webhook-timestamp) header' -r
complete -c tourney -n "__fish_tourney_using_subcommand verify; and not __fish_seen_subcommand_from receiver help" -l signature -d 'The Svc-Webhook-Signature (v1=<hex>) or webhook-signature (v1,<base64>) header' -r
complete -c tourney -n "__fish_tourney_using_subcommand verify; and not __fish_seen_subcommand_from receiver help" -l body -d 'The raw request body [default: standard input]' -r -F
complete -c tourney -n "__fish_tourney_using_subcommand verify; and not __fish_seen_subcommand_from receiver help" -l tolerance -d 'Largest accepted distance between the timestamp and now, in seconds' -r
complete -c tourney -n "__fish_tourney_using_subcommand verify; and not __fish_seen_subcommand_from receiver help" -l database-url -d 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME' -r
complete -c tourney -n "__fish_tourney_using_subcommand verify; and not __fish_seen_subcommand_from receiver help" -l base-url -d 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]' -r
complete -c tourney -n "__fish_tourney_using_subcommand verify; and not __fish_seen_subcommand_from receiver help" -l actor -d 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account\'s name]' -r
complete -c tourney -n "__fish_tourney_using_subcommand verify; and not __fish_seen_subcommand_from receiver help" -s h -l help -d 'Print help'
complete -c tourney -n "__fish_tourney_using_subcommand verify; and not __fish_seen_subcommand_from receiver help" -s V -l version -d 'Print version'
complete -c tourney -n "__fish_tourney_using_subcommand verify; and not __fish_seen_subcommand_from receiver help" -f -a "receiver" -d 'Check that a receiver accepts valid webhooks and rejects forged, stale and replayed ones'
complete -c tourney -n "__fish_tourney_using_subcommand verify; and not __fish_seen_subcommand_from receiver help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c tourney -n "__fish_tourney_using_subcommand verify; and __fish_seen_subcommand_from receiver" -l secret -d 'The secret the receiver verifies with' -r
complete -c tourney -n "__fish_tourney_using_subcommand verify; and __fish_seen_subcommand_from receiver" -l allow-cidr -d 'Let webhooks reach this address range although it is private or internal (tests, on-premise receivers); repeatable, off by default' -r
complete -c tourney -n "__fish_tourney_using_subcommand verify; and __fish_seen_subcommand_from receiver" -l root-cert -d 'Also trust this PEM root certificate (a test receiver\'s CA)' -r -F
complete -c tourney -n "__fish_tourney_using_subcommand verify; and __fish_seen_subcommand_from receiver" -l database-url -d 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME' -r
complete -c tourney -n "__fish_tourney_using_subcommand verify; and __fish_seen_subcommand_from receiver" -l base-url -d 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]' -r
complete -c tourney -n "__fish_tourney_using_subcommand verify; and __fish_seen_subcommand_from receiver" -l actor -d 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account\'s name]' -r
complete -c tourney -n "__fish_tourney_using_subcommand verify; and __fish_seen_subcommand_from receiver" -s h -l help -d 'Print help'
complete -c tourney -n "__fish_tourney_using_subcommand verify; and __fish_seen_subcommand_from receiver" -s V -l version -d 'Print version'
complete -c tourney -n "__fish_tourney_using_subcommand verify; and __fish_seen_subcommand_from help" -f -a "receiver" -d 'Check that a receiver accepts valid webhooks and rejects forged, stale and replayed ones'
complete -c tourney -n "__fish_tourney_using_subcommand verify; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c tourney -n "__fish_tourney_using_subcommand embed" -l space -d 'The space\'s slug (calendar widget)' -r
complete -c tourney -n "__fish_tourney_using_subcommand embed" -l widget -d 'Which widget [default: bracket for a tournament, calendar for a space]' -r -f -a "bracket\t''
registration\t''
standings\t''
calendar\t''"
complete -c tourney -n "__fish_tourney_using_subcommand embed" -l locale -d 'Language of the widget' -r -f -a "en\t''
ru\t''"
complete -c tourney -n "__fish_tourney_using_subcommand embed" -l database-url -d 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME' -r
complete -c tourney -n "__fish_tourney_using_subcommand embed" -l base-url -d 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]' -r
complete -c tourney -n "__fish_tourney_using_subcommand embed" -l actor -d 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account\'s name]' -r
complete -c tourney -n "__fish_tourney_using_subcommand embed" -l without-script -d 'Print only the iframe, without the script that fits it to the widget\'s height (for a page that has the script already)'
complete -c tourney -n "__fish_tourney_using_subcommand embed" -s h -l help -d 'Print help'
complete -c tourney -n "__fish_tourney_using_subcommand embed" -s V -l version -d 'Print version'
complete -c tourney -n "__fish_tourney_using_subcommand demo" -l database-url -d 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME' -r
complete -c tourney -n "__fish_tourney_using_subcommand demo" -l base-url -d 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]' -r
complete -c tourney -n "__fish_tourney_using_subcommand demo" -l actor -d 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account\'s name]' -r
complete -c tourney -n "__fish_tourney_using_subcommand demo" -s h -l help -d 'Print help'
complete -c tourney -n "__fish_tourney_using_subcommand demo" -s V -l version -d 'Print version'
complete -c tourney -n "__fish_tourney_using_subcommand keys; and not __fish_seen_subcommand_from create list revoke roll help" -l database-url -d 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME' -r
complete -c tourney -n "__fish_tourney_using_subcommand keys; and not __fish_seen_subcommand_from create list revoke roll help" -l base-url -d 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]' -r
complete -c tourney -n "__fish_tourney_using_subcommand keys; and not __fish_seen_subcommand_from create list revoke roll help" -l actor -d 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account\'s name]' -r
complete -c tourney -n "__fish_tourney_using_subcommand keys; and not __fish_seen_subcommand_from create list revoke roll help" -s h -l help -d 'Print help'
complete -c tourney -n "__fish_tourney_using_subcommand keys; and not __fish_seen_subcommand_from create list revoke roll help" -s V -l version -d 'Print version'
complete -c tourney -n "__fish_tourney_using_subcommand keys; and not __fish_seen_subcommand_from create list revoke roll help" -f -a "create" -d 'Create an API key for a space; the key is shown once, here, and stored only as a hash'
complete -c tourney -n "__fish_tourney_using_subcommand keys; and not __fish_seen_subcommand_from create list revoke roll help" -f -a "list" -d 'List a space\'s keys (never the keys themselves)'
complete -c tourney -n "__fish_tourney_using_subcommand keys; and not __fish_seen_subcommand_from create list revoke roll help" -f -a "revoke" -d 'Revoke a key: every server refuses it from its next request'
complete -c tourney -n "__fish_tourney_using_subcommand keys; and not __fish_seen_subcommand_from create list revoke roll help" -f -a "roll" -d 'Replace a key with a new one (shown once); the old key keeps working for the grace'
complete -c tourney -n "__fish_tourney_using_subcommand keys; and not __fish_seen_subcommand_from create list revoke roll help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c tourney -n "__fish_tourney_using_subcommand keys; and __fish_seen_subcommand_from create" -l space -r
complete -c tourney -n "__fish_tourney_using_subcommand keys; and __fish_seen_subcommand_from create" -l name -d 'A label to tell keys apart, such as "partner site"' -r
complete -c tourney -n "__fish_tourney_using_subcommand keys; and __fish_seen_subcommand_from create" -l database-url -d 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME' -r
complete -c tourney -n "__fish_tourney_using_subcommand keys; and __fish_seen_subcommand_from create" -l base-url -d 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]' -r
complete -c tourney -n "__fish_tourney_using_subcommand keys; and __fish_seen_subcommand_from create" -l actor -d 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account\'s name]' -r
complete -c tourney -n "__fish_tourney_using_subcommand keys; and __fish_seen_subcommand_from create" -s h -l help -d 'Print help'
complete -c tourney -n "__fish_tourney_using_subcommand keys; and __fish_seen_subcommand_from create" -s V -l version -d 'Print version'
complete -c tourney -n "__fish_tourney_using_subcommand keys; and __fish_seen_subcommand_from list" -l space -r
complete -c tourney -n "__fish_tourney_using_subcommand keys; and __fish_seen_subcommand_from list" -l database-url -d 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME' -r
complete -c tourney -n "__fish_tourney_using_subcommand keys; and __fish_seen_subcommand_from list" -l base-url -d 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]' -r
complete -c tourney -n "__fish_tourney_using_subcommand keys; and __fish_seen_subcommand_from list" -l actor -d 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account\'s name]' -r
complete -c tourney -n "__fish_tourney_using_subcommand keys; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help'
complete -c tourney -n "__fish_tourney_using_subcommand keys; and __fish_seen_subcommand_from list" -s V -l version -d 'Print version'
complete -c tourney -n "__fish_tourney_using_subcommand keys; and __fish_seen_subcommand_from revoke" -l database-url -d 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME' -r
complete -c tourney -n "__fish_tourney_using_subcommand keys; and __fish_seen_subcommand_from revoke" -l base-url -d 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]' -r
complete -c tourney -n "__fish_tourney_using_subcommand keys; and __fish_seen_subcommand_from revoke" -l actor -d 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account\'s name]' -r
complete -c tourney -n "__fish_tourney_using_subcommand keys; and __fish_seen_subcommand_from revoke" -s h -l help -d 'Print help'
complete -c tourney -n "__fish_tourney_using_subcommand keys; and __fish_seen_subcommand_from revoke" -s V -l version -d 'Print version'
complete -c tourney -n "__fish_tourney_using_subcommand keys; and __fish_seen_subcommand_from roll" -l grace -d 'How long the old key keeps working: 0s (it stops now) to 30d' -r
complete -c tourney -n "__fish_tourney_using_subcommand keys; and __fish_seen_subcommand_from roll" -l database-url -d 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME' -r
complete -c tourney -n "__fish_tourney_using_subcommand keys; and __fish_seen_subcommand_from roll" -l base-url -d 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]' -r
complete -c tourney -n "__fish_tourney_using_subcommand keys; and __fish_seen_subcommand_from roll" -l actor -d 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account\'s name]' -r
complete -c tourney -n "__fish_tourney_using_subcommand keys; and __fish_seen_subcommand_from roll" -s h -l help -d 'Print help'
complete -c tourney -n "__fish_tourney_using_subcommand keys; and __fish_seen_subcommand_from roll" -s V -l version -d 'Print version'
complete -c tourney -n "__fish_tourney_using_subcommand keys; and __fish_seen_subcommand_from help" -f -a "create" -d 'Create an API key for a space; the key is shown once, here, and stored only as a hash'
complete -c tourney -n "__fish_tourney_using_subcommand keys; and __fish_seen_subcommand_from help" -f -a "list" -d 'List a space\'s keys (never the keys themselves)'
complete -c tourney -n "__fish_tourney_using_subcommand keys; and __fish_seen_subcommand_from help" -f -a "revoke" -d 'Revoke a key: every server refuses it from its next request'
complete -c tourney -n "__fish_tourney_using_subcommand keys; and __fish_seen_subcommand_from help" -f -a "roll" -d 'Replace a key with a new one (shown once); the old key keeps working for the grace'
complete -c tourney -n "__fish_tourney_using_subcommand keys; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c tourney -n "__fish_tourney_using_subcommand members; and not __fish_seen_subcommand_from add list role remove help" -l database-url -d 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME' -r
complete -c tourney -n "__fish_tourney_using_subcommand members; and not __fish_seen_subcommand_from add list role remove help" -l base-url -d 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]' -r
complete -c tourney -n "__fish_tourney_using_subcommand members; and not __fish_seen_subcommand_from add list role remove help" -l actor -d 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account\'s name]' -r
complete -c tourney -n "__fish_tourney_using_subcommand members; and not __fish_seen_subcommand_from add list role remove help" -s h -l help -d 'Print help'
complete -c tourney -n "__fish_tourney_using_subcommand members; and not __fish_seen_subcommand_from add list role remove help" -s V -l version -d 'Print version'
complete -c tourney -n "__fish_tourney_using_subcommand members; and not __fish_seen_subcommand_from add list role remove help" -f -a "add" -d 'Make a person (by email address) a member of a space; `login-link` then signs them in'
complete -c tourney -n "__fish_tourney_using_subcommand members; and not __fish_seen_subcommand_from add list role remove help" -f -a "list" -d 'List a space\'s members and their roles'
complete -c tourney -n "__fish_tourney_using_subcommand members; and not __fish_seen_subcommand_from add list role remove help" -f -a "role" -d 'Change a member\'s role (a space always keeps one owner)'
complete -c tourney -n "__fish_tourney_using_subcommand members; and not __fish_seen_subcommand_from add list role remove help" -f -a "remove" -d 'Remove a member from a space (never its last owner)'
complete -c tourney -n "__fish_tourney_using_subcommand members; and not __fish_seen_subcommand_from add list role remove help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c tourney -n "__fish_tourney_using_subcommand members; and __fish_seen_subcommand_from add" -l space -r
complete -c tourney -n "__fish_tourney_using_subcommand members; and __fish_seen_subcommand_from add" -l email -r
complete -c tourney -n "__fish_tourney_using_subcommand members; and __fish_seen_subcommand_from add" -l role -r -f -a "owner\t'Manages members, keys, webhook addresses and widgets'
administrator\t'Manages keys, webhook addresses and widgets'
reporter\t'Reports and corrects results at the desk (a venue\'s match desk), nothing else'"
complete -c tourney -n "__fish_tourney_using_subcommand members; and __fish_seen_subcommand_from add" -l database-url -d 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME' -r
complete -c tourney -n "__fish_tourney_using_subcommand members; and __fish_seen_subcommand_from add" -l base-url -d 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]' -r
complete -c tourney -n "__fish_tourney_using_subcommand members; and __fish_seen_subcommand_from add" -l actor -d 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account\'s name]' -r
complete -c tourney -n "__fish_tourney_using_subcommand members; and __fish_seen_subcommand_from add" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c tourney -n "__fish_tourney_using_subcommand members; and __fish_seen_subcommand_from add" -s V -l version -d 'Print version'
complete -c tourney -n "__fish_tourney_using_subcommand members; and __fish_seen_subcommand_from list" -l space -r
complete -c tourney -n "__fish_tourney_using_subcommand members; and __fish_seen_subcommand_from list" -l database-url -d 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME' -r
complete -c tourney -n "__fish_tourney_using_subcommand members; and __fish_seen_subcommand_from list" -l base-url -d 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]' -r
complete -c tourney -n "__fish_tourney_using_subcommand members; and __fish_seen_subcommand_from list" -l actor -d 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account\'s name]' -r
complete -c tourney -n "__fish_tourney_using_subcommand members; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help'
complete -c tourney -n "__fish_tourney_using_subcommand members; and __fish_seen_subcommand_from list" -s V -l version -d 'Print version'
complete -c tourney -n "__fish_tourney_using_subcommand members; and __fish_seen_subcommand_from role" -l space -r
complete -c tourney -n "__fish_tourney_using_subcommand members; and __fish_seen_subcommand_from role" -l email -r
complete -c tourney -n "__fish_tourney_using_subcommand members; and __fish_seen_subcommand_from role" -l database-url -d 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME' -r
complete -c tourney -n "__fish_tourney_using_subcommand members; and __fish_seen_subcommand_from role" -l base-url -d 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]' -r
complete -c tourney -n "__fish_tourney_using_subcommand members; and __fish_seen_subcommand_from role" -l actor -d 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account\'s name]' -r
complete -c tourney -n "__fish_tourney_using_subcommand members; and __fish_seen_subcommand_from role" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c tourney -n "__fish_tourney_using_subcommand members; and __fish_seen_subcommand_from role" -s V -l version -d 'Print version'
complete -c tourney -n "__fish_tourney_using_subcommand members; and __fish_seen_subcommand_from remove" -l space -r
complete -c tourney -n "__fish_tourney_using_subcommand members; and __fish_seen_subcommand_from remove" -l email -r
complete -c tourney -n "__fish_tourney_using_subcommand members; and __fish_seen_subcommand_from remove" -l database-url -d 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME' -r
complete -c tourney -n "__fish_tourney_using_subcommand members; and __fish_seen_subcommand_from remove" -l base-url -d 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]' -r
complete -c tourney -n "__fish_tourney_using_subcommand members; and __fish_seen_subcommand_from remove" -l actor -d 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account\'s name]' -r
complete -c tourney -n "__fish_tourney_using_subcommand members; and __fish_seen_subcommand_from remove" -s h -l help -d 'Print help'
complete -c tourney -n "__fish_tourney_using_subcommand members; and __fish_seen_subcommand_from remove" -s V -l version -d 'Print version'
complete -c tourney -n "__fish_tourney_using_subcommand members; and __fish_seen_subcommand_from help" -f -a "add" -d 'Make a person (by email address) a member of a space; `login-link` then signs them in'
complete -c tourney -n "__fish_tourney_using_subcommand members; and __fish_seen_subcommand_from help" -f -a "list" -d 'List a space\'s members and their roles'
complete -c tourney -n "__fish_tourney_using_subcommand members; and __fish_seen_subcommand_from help" -f -a "role" -d 'Change a member\'s role (a space always keeps one owner)'
complete -c tourney -n "__fish_tourney_using_subcommand members; and __fish_seen_subcommand_from help" -f -a "remove" -d 'Remove a member from a space (never its last owner)'
complete -c tourney -n "__fish_tourney_using_subcommand members; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c tourney -n "__fish_tourney_using_subcommand login-link" -l email -d 'The member\'s email address' -r
complete -c tourney -n "__fish_tourney_using_subcommand login-link" -l database-url -d 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME' -r
complete -c tourney -n "__fish_tourney_using_subcommand login-link" -l base-url -d 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]' -r
complete -c tourney -n "__fish_tourney_using_subcommand login-link" -l actor -d 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account\'s name]' -r
complete -c tourney -n "__fish_tourney_using_subcommand login-link" -s h -l help -d 'Print help'
complete -c tourney -n "__fish_tourney_using_subcommand login-link" -s V -l version -d 'Print version'
complete -c tourney -n "__fish_tourney_using_subcommand import" -l database-url -d 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME' -r
complete -c tourney -n "__fish_tourney_using_subcommand import" -l base-url -d 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]' -r
complete -c tourney -n "__fish_tourney_using_subcommand import" -l actor -d 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account\'s name]' -r
complete -c tourney -n "__fish_tourney_using_subcommand import" -s h -l help -d 'Print help'
complete -c tourney -n "__fish_tourney_using_subcommand import" -s V -l version -d 'Print version'
complete -c tourney -n "__fish_tourney_using_subcommand completions" -l out-dir -d 'Write completion files into DIR instead of printing (every shell unless SHELL is given)' -r -F
complete -c tourney -n "__fish_tourney_using_subcommand completions" -l database-url -d 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME' -r
complete -c tourney -n "__fish_tourney_using_subcommand completions" -l base-url -d 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]' -r
complete -c tourney -n "__fish_tourney_using_subcommand completions" -l actor -d 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account\'s name]' -r
complete -c tourney -n "__fish_tourney_using_subcommand completions" -s h -l help -d 'Print help'
complete -c tourney -n "__fish_tourney_using_subcommand completions" -s V -l version -d 'Print version'
complete -c tourney -n "__fish_tourney_using_subcommand man" -l out-dir -d 'Write tourney.1 and one page per subcommand into DIR instead of printing' -r -F
complete -c tourney -n "__fish_tourney_using_subcommand man" -l database-url -d 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME' -r
complete -c tourney -n "__fish_tourney_using_subcommand man" -l base-url -d 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]' -r
complete -c tourney -n "__fish_tourney_using_subcommand man" -l actor -d 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account\'s name]' -r
complete -c tourney -n "__fish_tourney_using_subcommand man" -s h -l help -d 'Print help'
complete -c tourney -n "__fish_tourney_using_subcommand man" -s V -l version -d 'Print version'
complete -c tourney -n "__fish_tourney_using_subcommand help; and not __fish_seen_subcommand_from serve spaces db tournaments audit matches stages stations hooks dispatch ping verify embed demo keys members login-link import completions man help" -f -a "serve" -d 'Serve the read API, the widgets and the portal, and deliver webhooks, until SIGINT or SIGTERM'
complete -c tourney -n "__fish_tourney_using_subcommand help; and not __fish_seen_subcommand_from serve spaces db tournaments audit matches stages stations hooks dispatch ping verify embed demo keys members login-link import completions man help" -f -a "spaces" -d 'Create and list organising spaces'
complete -c tourney -n "__fish_tourney_using_subcommand help; and not __fish_seen_subcommand_from serve spaces db tournaments audit matches stages stations hooks dispatch ping verify embed demo keys members login-link import completions man help" -f -a "db" -d 'Database maintenance'
complete -c tourney -n "__fish_tourney_using_subcommand help; and not __fish_seen_subcommand_from serve spaces db tournaments audit matches stages stations hooks dispatch ping verify embed demo keys members login-link import completions man help" -f -a "tournaments" -d 'Create and run tournaments: status moves, registrations, the start'
complete -c tourney -n "__fish_tourney_using_subcommand help; and not __fish_seen_subcommand_from serve spaces db tournaments audit matches stages stations hooks dispatch ping verify embed demo keys members login-link import completions man help" -f -a "audit" -d 'Read the audit log: who changed what, when (newest last)'
complete -c tourney -n "__fish_tourney_using_subcommand help; and not __fish_seen_subcommand_from serve spaces db tournaments audit matches stages stations hooks dispatch ping verify embed demo keys members login-link import completions man help" -f -a "matches" -d 'Report and correct match results'
complete -c tourney -n "__fish_tourney_using_subcommand help; and not __fish_seen_subcommand_from serve spaces db tournaments audit matches stages stations hooks dispatch ping verify embed demo keys members login-link import completions man help" -f -a "stages" -d 'Plan a tournament\'s stages (before its start) and reseed a drawn stage'
complete -c tourney -n "__fish_tourney_using_subcommand help; and not __fish_seen_subcommand_from serve spaces db tournaments audit matches stages stations hooks dispatch ping verify embed demo keys members login-link import completions man help" -f -a "stations" -d 'Manage a space\'s stations (tables, courts, boards), where matches are called to be played'
complete -c tourney -n "__fish_tourney_using_subcommand help; and not __fish_seen_subcommand_from serve spaces db tournaments audit matches stages stations hooks dispatch ping verify embed demo keys members login-link import completions man help" -f -a "hooks" -d 'Manage a space\'s webhook addresses and their deliveries'
complete -c tourney -n "__fish_tourney_using_subcommand help; and not __fish_seen_subcommand_from serve spaces db tournaments audit matches stages stations hooks dispatch ping verify embed demo keys members login-link import completions man help" -f -a "dispatch" -d 'Deliver webhooks alone (serve delivers too): claim due deliveries, sign, send, retry on schedule'
complete -c tourney -n "__fish_tourney_using_subcommand help; and not __fish_seen_subcommand_from serve spaces db tournaments audit matches stages stations hooks dispatch ping verify embed demo keys members login-link import completions man help" -f -a "ping" -d 'Send a signed test event to one webhook address now and print the outcome'
complete -c tourney -n "__fish_tourney_using_subcommand help; and not __fish_seen_subcommand_from serve spaces db tournaments audit matches stages stations hooks dispatch ping verify embed demo keys members login-link import completions man help" -f -a "verify" -d 'Check a received webhook\'s signature, or test a receiver (verify receiver URL)'
complete -c tourney -n "__fish_tourney_using_subcommand help; and not __fish_seen_subcommand_from serve spaces db tournaments audit matches stages stations hooks dispatch ping verify embed demo keys members login-link import completions man help" -f -a "embed" -d 'Print the code that embeds a widget on a partner site: the iframe and the script that fits it to the widget\'s height'
complete -c tourney -n "__fish_tourney_using_subcommand help; and not __fish_seen_subcommand_from serve spaces db tournaments audit matches stages stations hooks dispatch ping verify embed demo keys members login-link import completions man help" -f -a "demo" -d 'Create the demo space: a tournament of every format in every interesting state'
complete -c tourney -n "__fish_tourney_using_subcommand help; and not __fish_seen_subcommand_from serve spaces db tournaments audit matches stages stations hooks dispatch ping verify embed demo keys members login-link import completions man help" -f -a "keys" -d 'Create, list, revoke and roll API keys'
complete -c tourney -n "__fish_tourney_using_subcommand help; and not __fish_seen_subcommand_from serve spaces db tournaments audit matches stages stations hooks dispatch ping verify embed demo keys members login-link import completions man help" -f -a "members" -d 'Manage who signs in to a space\'s section (owners and administrators)'
complete -c tourney -n "__fish_tourney_using_subcommand help; and not __fish_seen_subcommand_from serve spaces db tournaments audit matches stages stations hooks dispatch ping verify embed demo keys members login-link import completions man help" -f -a "login-link" -d 'Print a single-use link (15 minutes) that signs a member in to the portal\'s section'
complete -c tourney -n "__fish_tourney_using_subcommand help; and not __fish_seen_subcommand_from serve spaces db tournaments audit matches stages stations hooks dispatch ping verify embed demo keys members login-link import completions man help" -f -a "import" -d 'Load spaces and tournaments from a JSON document (all or nothing; see docs/import.md)'
complete -c tourney -n "__fish_tourney_using_subcommand help; and not __fish_seen_subcommand_from serve spaces db tournaments audit matches stages stations hooks dispatch ping verify embed demo keys members login-link import completions man help" -f -a "completions" -d 'Print shell completions (or write them all with --out-dir)'
complete -c tourney -n "__fish_tourney_using_subcommand help; and not __fish_seen_subcommand_from serve spaces db tournaments audit matches stages stations hooks dispatch ping verify embed demo keys members login-link import completions man help" -f -a "man" -d 'Print the man page (or write every page with --out-dir)'
complete -c tourney -n "__fish_tourney_using_subcommand help; and not __fish_seen_subcommand_from serve spaces db tournaments audit matches stages stations hooks dispatch ping verify embed demo keys members login-link import completions man help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c tourney -n "__fish_tourney_using_subcommand help; and __fish_seen_subcommand_from spaces" -f -a "create" -d 'Create a space'
complete -c tourney -n "__fish_tourney_using_subcommand help; and __fish_seen_subcommand_from spaces" -f -a "list" -d 'List every space'
complete -c tourney -n "__fish_tourney_using_subcommand help; and __fish_seen_subcommand_from spaces" -f -a "place" -d 'Say where a space\'s tournaments are played (search engines show it as their location), or that they are played online'
complete -c tourney -n "__fish_tourney_using_subcommand help; and __fish_seen_subcommand_from db" -f -a "migrate" -d 'Apply pending migrations (every command also does this on start)'
complete -c tourney -n "__fish_tourney_using_subcommand help; and __fish_seen_subcommand_from db" -f -a "backup" -d 'Copy the SQLite database, consistently, into a new file while serve and the shell keep writing (on Postgres, use pg_dump)'
complete -c tourney -n "__fish_tourney_using_subcommand help; and __fish_seen_subcommand_from tournaments" -f -a "create" -d 'Create a tournament (in DRAFT status)'
complete -c tourney -n "__fish_tourney_using_subcommand help; and __fish_seen_subcommand_from tournaments" -f -a "status" -d 'Move a tournament to another status'
complete -c tourney -n "__fish_tourney_using_subcommand help; and __fish_seen_subcommand_from tournaments" -f -a "register" -d 'Register a participant, or a team with its players (while registration is open); a full tournament with a waiting list puts them on it'
complete -c tourney -n "__fish_tourney_using_subcommand help; and __fish_seen_subcommand_from tournaments" -f -a "check-in" -d 'Check a registrant in for them (at any time before the start), or with --process apply the check-in\'s result now instead of when its window closes'
complete -c tourney -n "__fish_tourney_using_subcommand help; and __fish_seen_subcommand_from tournaments" -f -a "list" -d 'List tournaments, soonest first: every space\'s, or one space\'s, in any status or one'
complete -c tourney -n "__fish_tourney_using_subcommand help; and __fish_seen_subcommand_from tournaments" -f -a "update" -d 'Change a tournament\'s name, description, start or capacity (the start and the capacity only before it starts), its check-in, teams or waiting list (while registration is open)'
complete -c tourney -n "__fish_tourney_using_subcommand help; and __fish_seen_subcommand_from tournaments" -f -a "show" -d 'Show a tournament: its settings, its counts and its field'
complete -c tourney -n "__fish_tourney_using_subcommand help; and __fish_seen_subcommand_from tournaments" -f -a "registrations" -d 'List a tournament\'s registrations with the players\' private email addresses (for admins)'
complete -c tourney -n "__fish_tourney_using_subcommand help; and __fish_seen_subcommand_from tournaments" -f -a "withdraw" -d 'Withdraw a registration (before the tournament starts)'
complete -c tourney -n "__fish_tourney_using_subcommand help; and __fish_seen_subcommand_from tournaments" -f -a "seed" -d 'Set the seed order before the start: the players named take seeds 1, 2, 3, … in that order, the rest of the field follows in the order it had (no-shows of a check-in still go to the bottom at the start)'
complete -c tourney -n "__fish_tourney_using_subcommand help; and __fish_seen_subcommand_from tournaments" -f -a "start" -d 'Seed the field, draw the first stage and start play (registration must be closed)'
complete -c tourney -n "__fish_tourney_using_subcommand help; and __fish_seen_subcommand_from matches" -f -a "list" -d 'List a tournament\'s matches with their ids, sides, status and score'
complete -c tourney -n "__fish_tourney_using_subcommand help; and __fish_seen_subcommand_from matches" -f -a "report" -d 'Report the result of a ready match'
complete -c tourney -n "__fish_tourney_using_subcommand help; and __fish_seen_subcommand_from matches" -f -a "correct" -d 'Correct the result of a completed match (later matches that depended on it are reset)'
complete -c tourney -n "__fish_tourney_using_subcommand help; and __fish_seen_subcommand_from matches" -f -a "call" -d 'Call a ready match to a station now (the first free one of the tournament, or the one named); a called match moves to the station named'
complete -c tourney -n "__fish_tourney_using_subcommand help; and __fish_seen_subcommand_from matches" -f -a "uncall" -d 'Take back a match\'s call: its station is free and the match waits in the queue again'
complete -c tourney -n "__fish_tourney_using_subcommand help; and __fish_seen_subcommand_from matches" -f -a "start" -d 'Record that a called match is being played (its players are at the station)'
complete -c tourney -n "__fish_tourney_using_subcommand help; and __fish_seen_subcommand_from stages" -f -a "add" -d 'Add a stage after the tournament\'s last, fed by the best of the stage before (before the start)'
complete -c tourney -n "__fish_tourney_using_subcommand help; and __fish_seen_subcommand_from stages" -f -a "list" -d 'List a tournament\'s stages: format, options, how each is fed, status'
complete -c tourney -n "__fish_tourney_using_subcommand help; and __fish_seen_subcommand_from stages" -f -a "remove" -d 'Remove the last stage added (before the start)'
complete -c tourney -n "__fish_tourney_using_subcommand help; and __fish_seen_subcommand_from stages" -f -a "seed" -d 'Reseed a drawn stage before its first result: every player of the stage, best first'
complete -c tourney -n "__fish_tourney_using_subcommand help; and __fish_seen_subcommand_from stations" -f -a "add" -d 'Add stations to a space, in the order given (the order calls prefer them)'
complete -c tourney -n "__fish_tourney_using_subcommand help; and __fish_seen_subcommand_from stations" -f -a "list" -d 'List a space\'s stations, each with the match it holds and since when'
complete -c tourney -n "__fish_tourney_using_subcommand help; and __fish_seen_subcommand_from stations" -f -a "pause" -d 'Pause a station: nothing new is called to it (a match it holds plays on)'
complete -c tourney -n "__fish_tourney_using_subcommand help; and __fish_seen_subcommand_from stations" -f -a "resume" -d 'Resume a paused station'
complete -c tourney -n "__fish_tourney_using_subcommand help; and __fish_seen_subcommand_from stations" -f -a "remove" -d 'Remove a station that holds no match'
complete -c tourney -n "__fish_tourney_using_subcommand help; and __fish_seen_subcommand_from hooks" -f -a "add" -d 'Register an HTTPS address for a space\'s events; prints its signing secret once'
complete -c tourney -n "__fish_tourney_using_subcommand help; and __fish_seen_subcommand_from hooks" -f -a "update" -d 'Change how an address\'s requests are signed (from its next attempt on)'
complete -c tourney -n "__fish_tourney_using_subcommand help; and __fish_seen_subcommand_from hooks" -f -a "list" -d 'List a space\'s webhook addresses'
complete -c tourney -n "__fish_tourney_using_subcommand help; and __fish_seen_subcommand_from hooks" -f -a "remove" -d 'Stop sending to an address (its unfinished deliveries fail)'
complete -c tourney -n "__fish_tourney_using_subcommand help; and __fish_seen_subcommand_from hooks" -f -a "rotate-secret" -d 'Replace an address\'s signing secret; prints the new one once'
complete -c tourney -n "__fish_tourney_using_subcommand help; and __fish_seen_subcommand_from hooks" -f -a "disable" -d 'Stop sending to an address for now; its deliveries are kept until it is enabled again'
complete -c tourney -n "__fish_tourney_using_subcommand help; and __fish_seen_subcommand_from hooks" -f -a "enable" -d 'Send to a disabled address again; the deliveries kept for it go out (or, with --drop-kept, fail)'
complete -c tourney -n "__fish_tourney_using_subcommand help; and __fish_seen_subcommand_from hooks" -f -a "deliveries" -d 'List an address\'s deliveries, newest first, with their latest attempt'
complete -c tourney -n "__fish_tourney_using_subcommand help; and __fish_seen_subcommand_from hooks" -f -a "attempts" -d 'Print a delivery\'s attempt log: trigger, time, duration, outcome and why, peer, answer'
complete -c tourney -n "__fish_tourney_using_subcommand help; and __fish_seen_subcommand_from hooks" -f -a "retry" -d 'Queue a failed delivery (or every failed delivery of an address) for one manual attempt'
complete -c tourney -n "__fish_tourney_using_subcommand help; and __fish_seen_subcommand_from hooks" -f -a "test" -d 'Send a realistic signed example of an event type to one address now, through the real delivery path, and print the outcome; the body carries "example": true'
complete -c tourney -n "__fish_tourney_using_subcommand help; and __fish_seen_subcommand_from verify" -f -a "receiver" -d 'Check that a receiver accepts valid webhooks and rejects forged, stale and replayed ones'
complete -c tourney -n "__fish_tourney_using_subcommand help; and __fish_seen_subcommand_from keys" -f -a "create" -d 'Create an API key for a space; the key is shown once, here, and stored only as a hash'
complete -c tourney -n "__fish_tourney_using_subcommand help; and __fish_seen_subcommand_from keys" -f -a "list" -d 'List a space\'s keys (never the keys themselves)'
complete -c tourney -n "__fish_tourney_using_subcommand help; and __fish_seen_subcommand_from keys" -f -a "revoke" -d 'Revoke a key: every server refuses it from its next request'
complete -c tourney -n "__fish_tourney_using_subcommand help; and __fish_seen_subcommand_from keys" -f -a "roll" -d 'Replace a key with a new one (shown once); the old key keeps working for the grace'
complete -c tourney -n "__fish_tourney_using_subcommand help; and __fish_seen_subcommand_from members" -f -a "add" -d 'Make a person (by email address) a member of a space; `login-link` then signs them in'
complete -c tourney -n "__fish_tourney_using_subcommand help; and __fish_seen_subcommand_from members" -f -a "list" -d 'List a space\'s members and their roles'
complete -c tourney -n "__fish_tourney_using_subcommand help; and __fish_seen_subcommand_from members" -f -a "role" -d 'Change a member\'s role (a space always keeps one owner)'
complete -c tourney -n "__fish_tourney_using_subcommand help; and __fish_seen_subcommand_from members" -f -a "remove" -d 'Remove a member from a space (never its last owner)'
