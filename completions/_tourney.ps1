
using namespace System.Management.Automation
using namespace System.Management.Automation.Language

Register-ArgumentCompleter -Native -CommandName 'tourney' -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)

    $commandElements = $commandAst.CommandElements
    $command = @(
        'tourney'
        for ($i = 1; $i -lt $commandElements.Count; $i++) {
            $element = $commandElements[$i]
            if ($element -isnot [StringConstantExpressionAst] -or
                $element.StringConstantType -ne [StringConstantType]::BareWord -or
                $element.Value.StartsWith('-') -or
                $element.Value -eq $wordToComplete) {
                break
        }
        $element.Value
    }) -join ';'

    $completions = @(switch ($command) {
        'tourney' {
            [CompletionResult]::new('--database-url', '--database-url', [CompletionResultType]::ParameterName, 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]')
            [CompletionResult]::new('--actor', '--actor', [CompletionResultType]::ParameterName, 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('serve', 'serve', [CompletionResultType]::ParameterValue, 'Serve the read API, the widgets and the portal, and deliver webhooks, until SIGINT or SIGTERM')
            [CompletionResult]::new('spaces', 'spaces', [CompletionResultType]::ParameterValue, 'Create and list organising spaces')
            [CompletionResult]::new('db', 'db', [CompletionResultType]::ParameterValue, 'Database maintenance')
            [CompletionResult]::new('tournaments', 'tournaments', [CompletionResultType]::ParameterValue, 'Create and run tournaments: status moves, registrations, the start')
            [CompletionResult]::new('audit', 'audit', [CompletionResultType]::ParameterValue, 'Read the audit log: who changed what, when (newest last)')
            [CompletionResult]::new('matches', 'matches', [CompletionResultType]::ParameterValue, 'Report and correct match results')
            [CompletionResult]::new('stages', 'stages', [CompletionResultType]::ParameterValue, 'Plan a tournament''s stages (before its start) and reseed a drawn stage')
            [CompletionResult]::new('stations', 'stations', [CompletionResultType]::ParameterValue, 'Manage a space''s stations (tables, courts, boards), where matches are called to be played')
            [CompletionResult]::new('hooks', 'hooks', [CompletionResultType]::ParameterValue, 'Manage a space''s webhook addresses and their deliveries')
            [CompletionResult]::new('dispatch', 'dispatch', [CompletionResultType]::ParameterValue, 'Deliver webhooks alone (serve delivers too): claim due deliveries, sign, send, retry on schedule')
            [CompletionResult]::new('ping', 'ping', [CompletionResultType]::ParameterValue, 'Send a signed test event to one webhook address now and print the outcome')
            [CompletionResult]::new('verify', 'verify', [CompletionResultType]::ParameterValue, 'Check a received webhook''s signature, or test a receiver (verify receiver URL)')
            [CompletionResult]::new('embed', 'embed', [CompletionResultType]::ParameterValue, 'Print the code that embeds a widget on a partner site: the iframe and the script that fits it to the widget''s height')
            [CompletionResult]::new('demo', 'demo', [CompletionResultType]::ParameterValue, 'Create the demo space: a tournament of every format in every interesting state')
            [CompletionResult]::new('keys', 'keys', [CompletionResultType]::ParameterValue, 'Create, list, revoke and roll API keys')
            [CompletionResult]::new('members', 'members', [CompletionResultType]::ParameterValue, 'Manage who signs in to a space''s section (owners and administrators)')
            [CompletionResult]::new('login-link', 'login-link', [CompletionResultType]::ParameterValue, 'Print a single-use link (15 minutes) that signs a member in to the portal''s section')
            [CompletionResult]::new('import', 'import', [CompletionResultType]::ParameterValue, 'Load spaces and tournaments from a JSON document (all or nothing; see docs/import.md)')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print shell completions (or write them all with --out-dir)')
            [CompletionResult]::new('man', 'man', [CompletionResultType]::ParameterValue, 'Print the man page (or write every page with --out-dir)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'tourney;serve' {
            [CompletionResult]::new('--listen', '--listen', [CompletionResultType]::ParameterName, 'Address to listen on; port 0 picks a free port (the bound address is printed)')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Requests per API key in any 60-second window, counted for every server on the database together (give every replica the same N)')
            [CompletionResult]::new('--rate-limit-window', '--rate-limit-window', [CompletionResultType]::ParameterName, 'The window of the per-minute limits (the API''s, a private link''s, sign-in''s); only tests change it (the specification''s is a minute)')
            [CompletionResult]::new('--form-limit', '--form-limit', [CompletionResultType]::ParameterName, 'Portal registrations accepted per client address in any --form-window (a venue''s players share one address: the default lets a hundred register within ten minutes, forty at once)')
            [CompletionResult]::new('--form-window', '--form-window', [CompletionResultType]::ParameterName, 'The sliding window --form-limit counts registrations in (at most 24h)')
            [CompletionResult]::new('--player-limit', '--player-limit', [CompletionResultType]::ParameterName, 'Posts accepted per player''s private link per minute (check in, claim, answer, withdraw), whatever address they come from')
            [CompletionResult]::new('--player-address-limit', '--player-address-limit', [CompletionResultType]::ParameterName, 'Posts to private links accepted per client address per minute, all links together (a flood bound, far above a venue''s crowd)')
            [CompletionResult]::new('--sign-in-limit', '--sign-in-limit', [CompletionResultType]::ParameterName, 'The section''s sign-in posts (password or link) accepted per client address per minute')
            [CompletionResult]::new('--trusted-proxy', '--trusted-proxy', [CompletionResultType]::ParameterName, 'A proxy in front of the server whose X-Forwarded-For names the client (for the limits per client address); repeatable, none by default')
            [CompletionResult]::new('--session-idle', '--session-idle', [CompletionResultType]::ParameterName, 'How long a signed-in session lasts without a request; only tests change it')
            [CompletionResult]::new('--session-lifetime', '--session-lifetime', [CompletionResultType]::ParameterName, 'How long a signed-in session lasts at most; only tests change it')
            [CompletionResult]::new('--session-grace', '--session-grace', [CompletionResultType]::ParameterName, 'How long a session''s token keeps working after the session was given a new one (its person''s role changed); only tests change it')
            [CompletionResult]::new('--live-streams', '--live-streams', [CompletionResultType]::ParameterName, 'Live pages'' event streams this process holds open at once; beyond it a page is answered 503 with Retry-After and follows by polling instead')
            [CompletionResult]::new('--live-tick', '--live-tick', [CompletionResultType]::ParameterName, 'How often this process looks for changes that open live pages follow; only tests change it')
            [CompletionResult]::new('--live-keep-alive', '--live-keep-alive', [CompletionResultType]::ParameterName, 'How often an idle event stream sends a keep-alive comment; only tests change it')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'Webhook requests in flight at once')
            [CompletionResult]::new('--retry-delays', '--retry-delays', [CompletionResultType]::ParameterName, 'Delays before attempts 2, 3, ... after a failure (the last failure marks it failed)')
            [CompletionResult]::new('--lease', '--lease', [CompletionResultType]::ParameterName, 'How long a claimed delivery stays claimed if its loop stops renewing it (it is renewed while the loop holds it): the time after which another loop sends the deliveries of a loop that died')
            [CompletionResult]::new('--disable-after', '--disable-after', [CompletionResultType]::ParameterName, 'Disable a webhook address whose every attempt has failed for this long (a 410 Gone answer disables it at once); `hooks enable` turns it back on')
            [CompletionResult]::new('--allow-cidr', '--allow-cidr', [CompletionResultType]::ParameterName, 'Let webhooks reach this address range although it is private or internal (tests, on-premise receivers); repeatable, off by default')
            [CompletionResult]::new('--root-cert', '--root-cert', [CompletionResultType]::ParameterName, 'Also trust this PEM root certificate (a test receiver''s CA)')
            [CompletionResult]::new('--database-url', '--database-url', [CompletionResultType]::ParameterName, 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]')
            [CompletionResult]::new('--actor', '--actor', [CompletionResultType]::ParameterName, 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]')
            [CompletionResult]::new('--demo', '--demo', [CompletionResultType]::ParameterName, 'On an empty database, load the demo space and print an API key and example requests')
            [CompletionResult]::new('--no-dispatch', '--no-dispatch', [CompletionResultType]::ParameterName, 'Do not deliver webhooks from this process (run `tourney dispatch` for them instead)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'tourney;spaces' {
            [CompletionResult]::new('--database-url', '--database-url', [CompletionResultType]::ParameterName, 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]')
            [CompletionResult]::new('--actor', '--actor', [CompletionResultType]::ParameterName, 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Create a space')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List every space')
            [CompletionResult]::new('place', 'place', [CompletionResultType]::ParameterValue, 'Say where a space''s tournaments are played (search engines show it as their location), or that they are played online')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'tourney;spaces;create' {
            [CompletionResult]::new('--name', '--name', [CompletionResultType]::ParameterName, 'Display name')
            [CompletionResult]::new('--locale', '--locale', [CompletionResultType]::ParameterName, 'Default language of the space''s portal links and widgets')
            [CompletionResult]::new('--database-url', '--database-url', [CompletionResultType]::ParameterName, 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]')
            [CompletionResult]::new('--actor', '--actor', [CompletionResultType]::ParameterName, 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'tourney;spaces;list' {
            [CompletionResult]::new('--database-url', '--database-url', [CompletionResultType]::ParameterName, 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]')
            [CompletionResult]::new('--actor', '--actor', [CompletionResultType]::ParameterName, 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'tourney;spaces;place' {
            [CompletionResult]::new('--database-url', '--database-url', [CompletionResultType]::ParameterName, 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]')
            [CompletionResult]::new('--actor', '--actor', [CompletionResultType]::ParameterName, 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]')
            [CompletionResult]::new('--online', '--online', [CompletionResultType]::ParameterName, 'The tournaments are played online: no place')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'tourney;spaces;help' {
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Create a space')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List every space')
            [CompletionResult]::new('place', 'place', [CompletionResultType]::ParameterValue, 'Say where a space''s tournaments are played (search engines show it as their location), or that they are played online')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'tourney;spaces;help;create' {
            break
        }
        'tourney;spaces;help;list' {
            break
        }
        'tourney;spaces;help;place' {
            break
        }
        'tourney;spaces;help;help' {
            break
        }
        'tourney;db' {
            [CompletionResult]::new('--database-url', '--database-url', [CompletionResultType]::ParameterName, 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]')
            [CompletionResult]::new('--actor', '--actor', [CompletionResultType]::ParameterName, 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('migrate', 'migrate', [CompletionResultType]::ParameterValue, 'Apply pending migrations (every command also does this on start)')
            [CompletionResult]::new('backup', 'backup', [CompletionResultType]::ParameterValue, 'Copy the SQLite database, consistently, into a new file while serve and the shell keep writing (on Postgres, use pg_dump)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'tourney;db;migrate' {
            [CompletionResult]::new('--database-url', '--database-url', [CompletionResultType]::ParameterName, 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]')
            [CompletionResult]::new('--actor', '--actor', [CompletionResultType]::ParameterName, 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'tourney;db;backup' {
            [CompletionResult]::new('--database-url', '--database-url', [CompletionResultType]::ParameterName, 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]')
            [CompletionResult]::new('--actor', '--actor', [CompletionResultType]::ParameterName, 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'tourney;db;help' {
            [CompletionResult]::new('migrate', 'migrate', [CompletionResultType]::ParameterValue, 'Apply pending migrations (every command also does this on start)')
            [CompletionResult]::new('backup', 'backup', [CompletionResultType]::ParameterValue, 'Copy the SQLite database, consistently, into a new file while serve and the shell keep writing (on Postgres, use pg_dump)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'tourney;db;help;migrate' {
            break
        }
        'tourney;db;help;backup' {
            break
        }
        'tourney;db;help;help' {
            break
        }
        'tourney;tournaments' {
            [CompletionResult]::new('--database-url', '--database-url', [CompletionResultType]::ParameterName, 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]')
            [CompletionResult]::new('--actor', '--actor', [CompletionResultType]::ParameterName, 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Create a tournament (in DRAFT status)')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Move a tournament to another status')
            [CompletionResult]::new('register', 'register', [CompletionResultType]::ParameterValue, 'Register a participant, or a team with its players (while registration is open); a full tournament with a waiting list puts them on it')
            [CompletionResult]::new('check-in', 'check-in', [CompletionResultType]::ParameterValue, 'Check a registrant in for them (at any time before the start), or with --process apply the check-in''s result now instead of when its window closes')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List tournaments, soonest first: every space''s, or one space''s, in any status or one')
            [CompletionResult]::new('update', 'update', [CompletionResultType]::ParameterValue, 'Change a tournament''s name, description, start or capacity (the start and the capacity only before it starts), its check-in, teams or waiting list (while registration is open)')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Show a tournament: its settings, its counts and its field')
            [CompletionResult]::new('registrations', 'registrations', [CompletionResultType]::ParameterValue, 'List a tournament''s registrations with the players'' private email addresses (for admins)')
            [CompletionResult]::new('withdraw', 'withdraw', [CompletionResultType]::ParameterValue, 'Withdraw a registration (before the tournament starts)')
            [CompletionResult]::new('seed', 'seed', [CompletionResultType]::ParameterValue, 'Set the seed order before the start: the players named take seeds 1, 2, 3, … in that order, the rest of the field follows in the order it had (no-shows of a check-in still go to the bottom at the start)')
            [CompletionResult]::new('start', 'start', [CompletionResultType]::ParameterValue, 'Seed the field, draw the first stage and start play (registration must be closed)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'tourney;tournaments;create' {
            [CompletionResult]::new('--space', '--space', [CompletionResultType]::ParameterName, 'The space the tournament belongs to')
            [CompletionResult]::new('--slug', '--slug', [CompletionResultType]::ParameterName, 'Short name used in paths, unique across all spaces')
            [CompletionResult]::new('--name', '--name', [CompletionResultType]::ParameterName, 'name')
            [CompletionResult]::new('--game', '--game', [CompletionResultType]::ParameterName, 'Game identifier, such as chess')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'format')
            [CompletionResult]::new('--max-participants', '--max-participants', [CompletionResultType]::ParameterName, 'max-participants')
            [CompletionResult]::new('--starts-at', '--starts-at', [CompletionResultType]::ParameterName, 'Start time, RFC 3339 (2026-12-01T18:00:00Z)')
            [CompletionResult]::new('--description', '--description', [CompletionResultType]::ParameterName, 'description')
            [CompletionResult]::new('--groups', '--groups', [CompletionResultType]::ParameterName, 'groups_playoffs, and round_robin played in groups: number of groups')
            [CompletionResult]::new('--advance', '--advance', [CompletionResultType]::ParameterName, 'groups_playoffs: how many of each group reach the playoff')
            [CompletionResult]::new('--rounds', '--rounds', [CompletionResultType]::ParameterName, 'swiss and free_for_all: rounds to play [default: swiss ceil(log2 n), free_for_all 3]')
            [CompletionResult]::new('--swiss-rounds', '--swiss-rounds', [CompletionResultType]::ParameterName, 'swiss and free_for_all: rounds to play [default: swiss ceil(log2 n), free_for_all 3]')
            [CompletionResult]::new('--points', '--points', [CompletionResultType]::ParameterName, 'free_for_all: points for places 1, 2, 3, ... [default: 25,18,15,12,10,8,6,4,2,1]')
            [CompletionResult]::new('--advance-wins', '--advance-wins', [CompletionResultType]::ParameterName, 'swiss: a player is through at W wins (with --eliminate-losses; instead of --rounds)')
            [CompletionResult]::new('--eliminate-losses', '--eliminate-losses', [CompletionResultType]::ParameterName, 'swiss: a player is out at L losses (with --advance-wins)')
            [CompletionResult]::new('--check-in-opens', '--check-in-opens', [CompletionResultType]::ParameterName, 'Check-in opens this long before the start (90s, 60m, 2h; at most 7d); needs --check-in-closes')
            [CompletionResult]::new('--check-in-closes', '--check-in-closes', [CompletionResultType]::ParameterName, 'Check-in closes this long before the start (10m; 0s: at the start)')
            [CompletionResult]::new('--no-show', '--no-show', [CompletionResultType]::ParameterName, 'What happens to a registrant who did not check in [default: bottom-seed]')
            [CompletionResult]::new('--team-size', '--team-size', [CompletionResultType]::ParameterName, 'Teams of MIN..MAX players (or exactly N), named when they register')
            [CompletionResult]::new('--waiting-list', '--waiting-list', [CompletionResultType]::ParameterName, 'How many may wait for a place once the field is full; 0 turns the list off')
            [CompletionResult]::new('--self-report', '--self-report', [CompletionResultType]::ParameterName, 'Who reports results: organisers only (off), or also the two players of a ready match, one claiming a result on their private page and the other confirming or disputing it (confirm) [default: off]')
            [CompletionResult]::new('--confirm-within', '--confirm-within', [CompletionResultType]::ParameterName, 'How long an opponent has to confirm or dispute a player''s report before it stands (90s, 15m, 2h; 1s to 7d) [default: 15m]')
            [CompletionResult]::new('--stations', '--stations', [CompletionResultType]::ParameterName, 'Play on stations: all (every station of the space, present and future) or NAME,NAME,...; ready matches are called to them as they free [default: none, nothing is called]')
            [CompletionResult]::new('--match-duration', '--match-duration', [CompletionResultType]::ParameterName, 'A match''s expected length before any is played (90s, 20m, 1h) [default: 20m]')
            [CompletionResult]::new('--rest', '--rest', [CompletionResultType]::ParameterName, 'The least time between the end of a player''s match and the call of their next (0s, 10m) [default: 0s]')
            [CompletionResult]::new('--no-show-after', '--no-show-after', [CompletionResultType]::ParameterName, 'A called match not begun this long after its call is flagged as a no-show [default: 5m]')
            [CompletionResult]::new('--database-url', '--database-url', [CompletionResultType]::ParameterName, 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]')
            [CompletionResult]::new('--actor', '--actor', [CompletionResultType]::ParameterName, 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]')
            [CompletionResult]::new('--test', '--test', [CompletionResultType]::ParameterName, 'A test tournament: visible to its own space only, never in widgets')
            [CompletionResult]::new('--third-place', '--third-place', [CompletionResultType]::ParameterName, 'single_elimination: play a match for third place')
            [CompletionResult]::new('--incomplete-rosters', '--incomplete-rosters', [CompletionResultType]::ParameterName, 'Teams may register with fewer than MIN players')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'tourney;tournaments;status' {
            [CompletionResult]::new('--database-url', '--database-url', [CompletionResultType]::ParameterName, 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]')
            [CompletionResult]::new('--actor', '--actor', [CompletionResultType]::ParameterName, 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'tourney;tournaments;register' {
            [CompletionResult]::new('--email', '--email', [CompletionResultType]::ParameterName, 'The participant''s email address: private, shown only by `tournaments registrations`')
            [CompletionResult]::new('--player', '--player', [CompletionResultType]::ParameterName, 'A team''s player, by display name; once per player, in order')
            [CompletionResult]::new('--database-url', '--database-url', [CompletionResultType]::ParameterName, 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]')
            [CompletionResult]::new('--actor', '--actor', [CompletionResultType]::ParameterName, 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'tourney;tournaments;check-in' {
            [CompletionResult]::new('--database-url', '--database-url', [CompletionResultType]::ParameterName, 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]')
            [CompletionResult]::new('--actor', '--actor', [CompletionResultType]::ParameterName, 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]')
            [CompletionResult]::new('--process', '--process', [CompletionResultType]::ParameterName, 'Apply the result now: no-shows to the bottom seeds or out, those waiting who checked in into free places, registration closed')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'tourney;tournaments;list' {
            [CompletionResult]::new('--space', '--space', [CompletionResultType]::ParameterName, 'Only this space''s tournaments')
            [CompletionResult]::new('--status', '--status', [CompletionResultType]::ParameterName, 'Only tournaments in this status')
            [CompletionResult]::new('--database-url', '--database-url', [CompletionResultType]::ParameterName, 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]')
            [CompletionResult]::new('--actor', '--actor', [CompletionResultType]::ParameterName, 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'tourney;tournaments;update' {
            [CompletionResult]::new('--name', '--name', [CompletionResultType]::ParameterName, 'name')
            [CompletionResult]::new('--description', '--description', [CompletionResultType]::ParameterName, 'The new description; an empty one removes it')
            [CompletionResult]::new('--starts-at', '--starts-at', [CompletionResultType]::ParameterName, 'Start time, RFC 3339 (2026-12-01T18:00:00Z)')
            [CompletionResult]::new('--max-participants', '--max-participants', [CompletionResultType]::ParameterName, 'max-participants')
            [CompletionResult]::new('--check-in-opens', '--check-in-opens', [CompletionResultType]::ParameterName, 'Check-in opens this long before the start (90s, 60m, 2h; at most 7d); needs --check-in-closes')
            [CompletionResult]::new('--check-in-closes', '--check-in-closes', [CompletionResultType]::ParameterName, 'Check-in closes this long before the start (10m; 0s: at the start)')
            [CompletionResult]::new('--no-show', '--no-show', [CompletionResultType]::ParameterName, 'What happens to a registrant who did not check in [default: bottom-seed]')
            [CompletionResult]::new('--team-size', '--team-size', [CompletionResultType]::ParameterName, 'Teams of MIN..MAX players (or exactly N), named when they register')
            [CompletionResult]::new('--waiting-list', '--waiting-list', [CompletionResultType]::ParameterName, 'How many may wait for a place once the field is full; 0 turns the list off')
            [CompletionResult]::new('--self-report', '--self-report', [CompletionResultType]::ParameterName, 'Who reports results: organisers only (off), or also the two players of a ready match, one claiming a result on their private page and the other confirming or disputing it (confirm) [default: off]')
            [CompletionResult]::new('--confirm-within', '--confirm-within', [CompletionResultType]::ParameterName, 'How long an opponent has to confirm or dispute a player''s report before it stands (90s, 15m, 2h; 1s to 7d) [default: 15m]')
            [CompletionResult]::new('--stations', '--stations', [CompletionResultType]::ParameterName, 'Play on stations: all (every station of the space, present and future) or NAME,NAME,...; ready matches are called to them as they free [default: none, nothing is called]')
            [CompletionResult]::new('--match-duration', '--match-duration', [CompletionResultType]::ParameterName, 'A match''s expected length before any is played (90s, 20m, 1h) [default: 20m]')
            [CompletionResult]::new('--rest', '--rest', [CompletionResultType]::ParameterName, 'The least time between the end of a player''s match and the call of their next (0s, 10m) [default: 0s]')
            [CompletionResult]::new('--no-show-after', '--no-show-after', [CompletionResultType]::ParameterName, 'A called match not begun this long after its call is flagged as a no-show [default: 5m]')
            [CompletionResult]::new('--database-url', '--database-url', [CompletionResultType]::ParameterName, 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]')
            [CompletionResult]::new('--actor', '--actor', [CompletionResultType]::ParameterName, 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]')
            [CompletionResult]::new('--incomplete-rosters', '--incomplete-rosters', [CompletionResultType]::ParameterName, 'Teams may register with fewer than MIN players')
            [CompletionResult]::new('--no-check-in', '--no-check-in', [CompletionResultType]::ParameterName, 'Turn check-in off')
            [CompletionResult]::new('--no-teams', '--no-teams', [CompletionResultType]::ParameterName, 'Take players instead of teams (only before the first registration)')
            [CompletionResult]::new('--no-stations', '--no-stations', [CompletionResultType]::ParameterName, 'Play on no station: nothing more is called (calls made stand until their results)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'tourney;tournaments;show' {
            [CompletionResult]::new('--database-url', '--database-url', [CompletionResultType]::ParameterName, 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]')
            [CompletionResult]::new('--actor', '--actor', [CompletionResultType]::ParameterName, 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'tourney;tournaments;registrations' {
            [CompletionResult]::new('--database-url', '--database-url', [CompletionResultType]::ParameterName, 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]')
            [CompletionResult]::new('--actor', '--actor', [CompletionResultType]::ParameterName, 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'tourney;tournaments;withdraw' {
            [CompletionResult]::new('--database-url', '--database-url', [CompletionResultType]::ParameterName, 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]')
            [CompletionResult]::new('--actor', '--actor', [CompletionResultType]::ParameterName, 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'tourney;tournaments;seed' {
            [CompletionResult]::new('--database-url', '--database-url', [CompletionResultType]::ParameterName, 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]')
            [CompletionResult]::new('--actor', '--actor', [CompletionResultType]::ParameterName, 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'tourney;tournaments;start' {
            [CompletionResult]::new('--database-url', '--database-url', [CompletionResultType]::ParameterName, 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]')
            [CompletionResult]::new('--actor', '--actor', [CompletionResultType]::ParameterName, 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'tourney;tournaments;help' {
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Create a tournament (in DRAFT status)')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Move a tournament to another status')
            [CompletionResult]::new('register', 'register', [CompletionResultType]::ParameterValue, 'Register a participant, or a team with its players (while registration is open); a full tournament with a waiting list puts them on it')
            [CompletionResult]::new('check-in', 'check-in', [CompletionResultType]::ParameterValue, 'Check a registrant in for them (at any time before the start), or with --process apply the check-in''s result now instead of when its window closes')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List tournaments, soonest first: every space''s, or one space''s, in any status or one')
            [CompletionResult]::new('update', 'update', [CompletionResultType]::ParameterValue, 'Change a tournament''s name, description, start or capacity (the start and the capacity only before it starts), its check-in, teams or waiting list (while registration is open)')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Show a tournament: its settings, its counts and its field')
            [CompletionResult]::new('registrations', 'registrations', [CompletionResultType]::ParameterValue, 'List a tournament''s registrations with the players'' private email addresses (for admins)')
            [CompletionResult]::new('withdraw', 'withdraw', [CompletionResultType]::ParameterValue, 'Withdraw a registration (before the tournament starts)')
            [CompletionResult]::new('seed', 'seed', [CompletionResultType]::ParameterValue, 'Set the seed order before the start: the players named take seeds 1, 2, 3, … in that order, the rest of the field follows in the order it had (no-shows of a check-in still go to the bottom at the start)')
            [CompletionResult]::new('start', 'start', [CompletionResultType]::ParameterValue, 'Seed the field, draw the first stage and start play (registration must be closed)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'tourney;tournaments;help;create' {
            break
        }
        'tourney;tournaments;help;status' {
            break
        }
        'tourney;tournaments;help;register' {
            break
        }
        'tourney;tournaments;help;check-in' {
            break
        }
        'tourney;tournaments;help;list' {
            break
        }
        'tourney;tournaments;help;update' {
            break
        }
        'tourney;tournaments;help;show' {
            break
        }
        'tourney;tournaments;help;registrations' {
            break
        }
        'tourney;tournaments;help;withdraw' {
            break
        }
        'tourney;tournaments;help;seed' {
            break
        }
        'tourney;tournaments;help;start' {
            break
        }
        'tourney;tournaments;help;help' {
            break
        }
        'tourney;audit' {
            [CompletionResult]::new('--space', '--space', [CompletionResultType]::ParameterName, 'Only this space''s entries')
            [CompletionResult]::new('--since', '--since', [CompletionResultType]::ParameterName, 'Only entries at or after this time, RFC 3339 (2026-12-01T18:00:00Z)')
            [CompletionResult]::new('--by', '--by', [CompletionResultType]::ParameterName, 'Only entries by this actor (an admin''s name, a member''s address, or portal); not `--actor`, which names who runs the command')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'The latest N entries that match')
            [CompletionResult]::new('--database-url', '--database-url', [CompletionResultType]::ParameterName, 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]')
            [CompletionResult]::new('--actor', '--actor', [CompletionResultType]::ParameterName, 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'tourney;matches' {
            [CompletionResult]::new('--database-url', '--database-url', [CompletionResultType]::ParameterName, 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]')
            [CompletionResult]::new('--actor', '--actor', [CompletionResultType]::ParameterName, 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List a tournament''s matches with their ids, sides, status and score')
            [CompletionResult]::new('report', 'report', [CompletionResultType]::ParameterValue, 'Report the result of a ready match')
            [CompletionResult]::new('correct', 'correct', [CompletionResultType]::ParameterValue, 'Correct the result of a completed match (later matches that depended on it are reset)')
            [CompletionResult]::new('call', 'call', [CompletionResultType]::ParameterValue, 'Call a ready match to a station now (the first free one of the tournament, or the one named); a called match moves to the station named')
            [CompletionResult]::new('uncall', 'uncall', [CompletionResultType]::ParameterValue, 'Take back a match''s call: its station is free and the match waits in the queue again')
            [CompletionResult]::new('start', 'start', [CompletionResultType]::ParameterValue, 'Record that a called match is being played (its players are at the station)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'tourney;matches;list' {
            [CompletionResult]::new('--database-url', '--database-url', [CompletionResultType]::ParameterName, 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]')
            [CompletionResult]::new('--actor', '--actor', [CompletionResultType]::ParameterName, 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]')
            [CompletionResult]::new('--ready', '--ready', [CompletionResultType]::ParameterName, 'Only the matches ready to be reported')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'tourney;matches;report' {
            [CompletionResult]::new('--score', '--score', [CompletionResultType]::ParameterName, 'The score, side a first: 2-1')
            [CompletionResult]::new('--forfeit', '--forfeit', [CompletionResultType]::ParameterName, 'The side that forfeited; the other wins (a score is then optional)')
            [CompletionResult]::new('--place', '--place', [CompletionResultType]::ParameterName, 'Free-for-all rounds: a participant (name or par_ id), once per place, in finishing order')
            [CompletionResult]::new('--database-url', '--database-url', [CompletionResultType]::ParameterName, 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]')
            [CompletionResult]::new('--actor', '--actor', [CompletionResultType]::ParameterName, 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'tourney;matches;correct' {
            [CompletionResult]::new('--score', '--score', [CompletionResultType]::ParameterName, 'The score, side a first: 2-1')
            [CompletionResult]::new('--forfeit', '--forfeit', [CompletionResultType]::ParameterName, 'The side that forfeited; the other wins (a score is then optional)')
            [CompletionResult]::new('--place', '--place', [CompletionResultType]::ParameterName, 'Free-for-all rounds: a participant (name or par_ id), once per place, in finishing order')
            [CompletionResult]::new('--database-url', '--database-url', [CompletionResultType]::ParameterName, 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]')
            [CompletionResult]::new('--actor', '--actor', [CompletionResultType]::ParameterName, 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'tourney;matches;call' {
            [CompletionResult]::new('--station', '--station', [CompletionResultType]::ParameterName, 'The station''s name [default: the first free station of the tournament]')
            [CompletionResult]::new('--database-url', '--database-url', [CompletionResultType]::ParameterName, 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]')
            [CompletionResult]::new('--actor', '--actor', [CompletionResultType]::ParameterName, 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'tourney;matches;uncall' {
            [CompletionResult]::new('--database-url', '--database-url', [CompletionResultType]::ParameterName, 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]')
            [CompletionResult]::new('--actor', '--actor', [CompletionResultType]::ParameterName, 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'tourney;matches;start' {
            [CompletionResult]::new('--database-url', '--database-url', [CompletionResultType]::ParameterName, 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]')
            [CompletionResult]::new('--actor', '--actor', [CompletionResultType]::ParameterName, 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'tourney;matches;help' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List a tournament''s matches with their ids, sides, status and score')
            [CompletionResult]::new('report', 'report', [CompletionResultType]::ParameterValue, 'Report the result of a ready match')
            [CompletionResult]::new('correct', 'correct', [CompletionResultType]::ParameterValue, 'Correct the result of a completed match (later matches that depended on it are reset)')
            [CompletionResult]::new('call', 'call', [CompletionResultType]::ParameterValue, 'Call a ready match to a station now (the first free one of the tournament, or the one named); a called match moves to the station named')
            [CompletionResult]::new('uncall', 'uncall', [CompletionResultType]::ParameterValue, 'Take back a match''s call: its station is free and the match waits in the queue again')
            [CompletionResult]::new('start', 'start', [CompletionResultType]::ParameterValue, 'Record that a called match is being played (its players are at the station)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'tourney;matches;help;list' {
            break
        }
        'tourney;matches;help;report' {
            break
        }
        'tourney;matches;help;correct' {
            break
        }
        'tourney;matches;help;call' {
            break
        }
        'tourney;matches;help;uncall' {
            break
        }
        'tourney;matches;help;start' {
            break
        }
        'tourney;matches;help;help' {
            break
        }
        'tourney;stages' {
            [CompletionResult]::new('--database-url', '--database-url', [CompletionResultType]::ParameterName, 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]')
            [CompletionResult]::new('--actor', '--actor', [CompletionResultType]::ParameterName, 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('add', 'add', [CompletionResultType]::ParameterValue, 'Add a stage after the tournament''s last, fed by the best of the stage before (before the start)')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List a tournament''s stages: format, options, how each is fed, status')
            [CompletionResult]::new('remove', 'remove', [CompletionResultType]::ParameterValue, 'Remove the last stage added (before the start)')
            [CompletionResult]::new('seed', 'seed', [CompletionResultType]::ParameterValue, 'Reseed a drawn stage before its first result: every player of the stage, best first')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'tourney;stages;add' {
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'single_elimination, double_elimination, round_robin (with --groups N: a group stage) or swiss')
            [CompletionResult]::new('--take', '--take', [CompletionResultType]::ParameterName, 'How many of the stage before go on: the best N of its standings, or with --per-group the best N of each of its groups')
            [CompletionResult]::new('--name', '--name', [CompletionResultType]::ParameterName, 'The name pages show [default: Playoff, Groups, Swiss, Round robin]')
            [CompletionResult]::new('--groups', '--groups', [CompletionResultType]::ParameterName, 'round_robin: play it in N groups (snake seeding)')
            [CompletionResult]::new('--rounds', '--rounds', [CompletionResultType]::ParameterName, 'swiss: rounds to play [default: ceil(log2 n)]')
            [CompletionResult]::new('--advance-wins', '--advance-wins', [CompletionResultType]::ParameterName, 'swiss: a player is through at W wins (with --eliminate-losses; instead of --rounds)')
            [CompletionResult]::new('--eliminate-losses', '--eliminate-losses', [CompletionResultType]::ParameterName, 'swiss: a player is out at L losses (with --advance-wins)')
            [CompletionResult]::new('--database-url', '--database-url', [CompletionResultType]::ParameterName, 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]')
            [CompletionResult]::new('--actor', '--actor', [CompletionResultType]::ParameterName, 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]')
            [CompletionResult]::new('--per-group', '--per-group', [CompletionResultType]::ParameterName, '--take counts per group of the stage before (a group stage), rank by rank across groups')
            [CompletionResult]::new('--third-place', '--third-place', [CompletionResultType]::ParameterName, 'single_elimination: play a match for third place')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'tourney;stages;list' {
            [CompletionResult]::new('--database-url', '--database-url', [CompletionResultType]::ParameterName, 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]')
            [CompletionResult]::new('--actor', '--actor', [CompletionResultType]::ParameterName, 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'tourney;stages;remove' {
            [CompletionResult]::new('--database-url', '--database-url', [CompletionResultType]::ParameterName, 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]')
            [CompletionResult]::new('--actor', '--actor', [CompletionResultType]::ParameterName, 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'tourney;stages;seed' {
            [CompletionResult]::new('--database-url', '--database-url', [CompletionResultType]::ParameterName, 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]')
            [CompletionResult]::new('--actor', '--actor', [CompletionResultType]::ParameterName, 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'tourney;stages;help' {
            [CompletionResult]::new('add', 'add', [CompletionResultType]::ParameterValue, 'Add a stage after the tournament''s last, fed by the best of the stage before (before the start)')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List a tournament''s stages: format, options, how each is fed, status')
            [CompletionResult]::new('remove', 'remove', [CompletionResultType]::ParameterValue, 'Remove the last stage added (before the start)')
            [CompletionResult]::new('seed', 'seed', [CompletionResultType]::ParameterValue, 'Reseed a drawn stage before its first result: every player of the stage, best first')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'tourney;stages;help;add' {
            break
        }
        'tourney;stages;help;list' {
            break
        }
        'tourney;stages;help;remove' {
            break
        }
        'tourney;stages;help;seed' {
            break
        }
        'tourney;stages;help;help' {
            break
        }
        'tourney;stations' {
            [CompletionResult]::new('--database-url', '--database-url', [CompletionResultType]::ParameterName, 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]')
            [CompletionResult]::new('--actor', '--actor', [CompletionResultType]::ParameterName, 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('add', 'add', [CompletionResultType]::ParameterValue, 'Add stations to a space, in the order given (the order calls prefer them)')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List a space''s stations, each with the match it holds and since when')
            [CompletionResult]::new('pause', 'pause', [CompletionResultType]::ParameterValue, 'Pause a station: nothing new is called to it (a match it holds plays on)')
            [CompletionResult]::new('resume', 'resume', [CompletionResultType]::ParameterValue, 'Resume a paused station')
            [CompletionResult]::new('remove', 'remove', [CompletionResultType]::ParameterValue, 'Remove a station that holds no match')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'tourney;stations;add' {
            [CompletionResult]::new('--space', '--space', [CompletionResultType]::ParameterName, 'space')
            [CompletionResult]::new('--database-url', '--database-url', [CompletionResultType]::ParameterName, 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]')
            [CompletionResult]::new('--actor', '--actor', [CompletionResultType]::ParameterName, 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'tourney;stations;list' {
            [CompletionResult]::new('--space', '--space', [CompletionResultType]::ParameterName, 'space')
            [CompletionResult]::new('--database-url', '--database-url', [CompletionResultType]::ParameterName, 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]')
            [CompletionResult]::new('--actor', '--actor', [CompletionResultType]::ParameterName, 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'tourney;stations;pause' {
            [CompletionResult]::new('--space', '--space', [CompletionResultType]::ParameterName, 'space')
            [CompletionResult]::new('--database-url', '--database-url', [CompletionResultType]::ParameterName, 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]')
            [CompletionResult]::new('--actor', '--actor', [CompletionResultType]::ParameterName, 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'tourney;stations;resume' {
            [CompletionResult]::new('--space', '--space', [CompletionResultType]::ParameterName, 'space')
            [CompletionResult]::new('--database-url', '--database-url', [CompletionResultType]::ParameterName, 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]')
            [CompletionResult]::new('--actor', '--actor', [CompletionResultType]::ParameterName, 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'tourney;stations;remove' {
            [CompletionResult]::new('--space', '--space', [CompletionResultType]::ParameterName, 'space')
            [CompletionResult]::new('--database-url', '--database-url', [CompletionResultType]::ParameterName, 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]')
            [CompletionResult]::new('--actor', '--actor', [CompletionResultType]::ParameterName, 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'tourney;stations;help' {
            [CompletionResult]::new('add', 'add', [CompletionResultType]::ParameterValue, 'Add stations to a space, in the order given (the order calls prefer them)')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List a space''s stations, each with the match it holds and since when')
            [CompletionResult]::new('pause', 'pause', [CompletionResultType]::ParameterValue, 'Pause a station: nothing new is called to it (a match it holds plays on)')
            [CompletionResult]::new('resume', 'resume', [CompletionResultType]::ParameterValue, 'Resume a paused station')
            [CompletionResult]::new('remove', 'remove', [CompletionResultType]::ParameterValue, 'Remove a station that holds no match')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'tourney;stations;help;add' {
            break
        }
        'tourney;stations;help;list' {
            break
        }
        'tourney;stations;help;pause' {
            break
        }
        'tourney;stations;help;resume' {
            break
        }
        'tourney;stations;help;remove' {
            break
        }
        'tourney;stations;help;help' {
            break
        }
        'tourney;hooks' {
            [CompletionResult]::new('--database-url', '--database-url', [CompletionResultType]::ParameterName, 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]')
            [CompletionResult]::new('--actor', '--actor', [CompletionResultType]::ParameterName, 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('add', 'add', [CompletionResultType]::ParameterValue, 'Register an HTTPS address for a space''s events; prints its signing secret once')
            [CompletionResult]::new('update', 'update', [CompletionResultType]::ParameterValue, 'Change how an address''s requests are signed (from its next attempt on)')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List a space''s webhook addresses')
            [CompletionResult]::new('remove', 'remove', [CompletionResultType]::ParameterValue, 'Stop sending to an address (its unfinished deliveries fail)')
            [CompletionResult]::new('rotate-secret', 'rotate-secret', [CompletionResultType]::ParameterValue, 'Replace an address''s signing secret; prints the new one once')
            [CompletionResult]::new('disable', 'disable', [CompletionResultType]::ParameterValue, 'Stop sending to an address for now; its deliveries are kept until it is enabled again')
            [CompletionResult]::new('enable', 'enable', [CompletionResultType]::ParameterValue, 'Send to a disabled address again; the deliveries kept for it go out (or, with --drop-kept, fail)')
            [CompletionResult]::new('deliveries', 'deliveries', [CompletionResultType]::ParameterValue, 'List an address''s deliveries, newest first, with their latest attempt')
            [CompletionResult]::new('attempts', 'attempts', [CompletionResultType]::ParameterValue, 'Print a delivery''s attempt log: trigger, time, duration, outcome and why, peer, answer')
            [CompletionResult]::new('retry', 'retry', [CompletionResultType]::ParameterValue, 'Queue a failed delivery (or every failed delivery of an address) for one manual attempt')
            [CompletionResult]::new('test', 'test', [CompletionResultType]::ParameterValue, 'Send a realistic signed example of an event type to one address now, through the real delivery path, and print the outcome; the body carries "example": true')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'tourney;hooks;add' {
            [CompletionResult]::new('--space', '--space', [CompletionResultType]::ParameterName, 'The space whose events go to the address')
            [CompletionResult]::new('--events', '--events', [CompletionResultType]::ParameterName, 'Only these event types [default: every type]')
            [CompletionResult]::new('--signature-headers', '--signature-headers', [CompletionResultType]::ParameterName, 'Which signature headers its requests carry: the specification''s Svc-Webhook-* and Standard Webhooks'' webhook-* (both), or one set alone')
            [CompletionResult]::new('--allow-cidr', '--allow-cidr', [CompletionResultType]::ParameterName, 'Let webhooks reach this address range although it is private or internal (tests, on-premise receivers); repeatable, off by default')
            [CompletionResult]::new('--database-url', '--database-url', [CompletionResultType]::ParameterName, 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]')
            [CompletionResult]::new('--actor', '--actor', [CompletionResultType]::ParameterName, 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'tourney;hooks;update' {
            [CompletionResult]::new('--signature-headers', '--signature-headers', [CompletionResultType]::ParameterName, 'Which signature headers its requests carry')
            [CompletionResult]::new('--database-url', '--database-url', [CompletionResultType]::ParameterName, 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]')
            [CompletionResult]::new('--actor', '--actor', [CompletionResultType]::ParameterName, 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'tourney;hooks;list' {
            [CompletionResult]::new('--space', '--space', [CompletionResultType]::ParameterName, 'space')
            [CompletionResult]::new('--database-url', '--database-url', [CompletionResultType]::ParameterName, 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]')
            [CompletionResult]::new('--actor', '--actor', [CompletionResultType]::ParameterName, 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'tourney;hooks;remove' {
            [CompletionResult]::new('--database-url', '--database-url', [CompletionResultType]::ParameterName, 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]')
            [CompletionResult]::new('--actor', '--actor', [CompletionResultType]::ParameterName, 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'tourney;hooks;rotate-secret' {
            [CompletionResult]::new('--overlap', '--overlap', [CompletionResultType]::ParameterName, 'How long the old secret keeps signing too (a second v1= value)')
            [CompletionResult]::new('--database-url', '--database-url', [CompletionResultType]::ParameterName, 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]')
            [CompletionResult]::new('--actor', '--actor', [CompletionResultType]::ParameterName, 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'tourney;hooks;disable' {
            [CompletionResult]::new('--database-url', '--database-url', [CompletionResultType]::ParameterName, 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]')
            [CompletionResult]::new('--actor', '--actor', [CompletionResultType]::ParameterName, 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'tourney;hooks;enable' {
            [CompletionResult]::new('--database-url', '--database-url', [CompletionResultType]::ParameterName, 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]')
            [CompletionResult]::new('--actor', '--actor', [CompletionResultType]::ParameterName, 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]')
            [CompletionResult]::new('--drop-kept', '--drop-kept', [CompletionResultType]::ParameterName, 'Fail the deliveries kept while it was disabled instead of sending them (`hooks retry` can still send them later)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'tourney;hooks;deliveries' {
            [CompletionResult]::new('--status', '--status', [CompletionResultType]::ParameterName, 'Only deliveries in this state')
            [CompletionResult]::new('--event', '--event', [CompletionResultType]::ParameterName, 'Only deliveries of this event type')
            [CompletionResult]::new('--since', '--since', [CompletionResultType]::ParameterName, 'Only events since TIME (2026-11-23T10:00:00Z) or for the last DURATION (90m, 2d)')
            [CompletionResult]::new('--until', '--until', [CompletionResultType]::ParameterName, 'Only events before TIME (2026-11-23T10:00:00Z)')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'At most this many')
            [CompletionResult]::new('--database-url', '--database-url', [CompletionResultType]::ParameterName, 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]')
            [CompletionResult]::new('--actor', '--actor', [CompletionResultType]::ParameterName, 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]')
            [CompletionResult]::new('--failed', '--failed', [CompletionResultType]::ParameterName, 'Only deliveries that failed for good (the same as --status failed)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'tourney;hooks;attempts' {
            [CompletionResult]::new('--database-url', '--database-url', [CompletionResultType]::ParameterName, 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]')
            [CompletionResult]::new('--actor', '--actor', [CompletionResultType]::ParameterName, 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'tourney;hooks;retry' {
            [CompletionResult]::new('--hook', '--hook', [CompletionResultType]::ParameterName, 'Every failed delivery of this address (hook_...)')
            [CompletionResult]::new('--since', '--since', [CompletionResultType]::ParameterName, 'With --hook: only those of events since TIME (2026-11-23T10:00:00Z) or for the last DURATION (90m, 2d)')
            [CompletionResult]::new('--database-url', '--database-url', [CompletionResultType]::ParameterName, 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]')
            [CompletionResult]::new('--actor', '--actor', [CompletionResultType]::ParameterName, 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]')
            [CompletionResult]::new('--failed', '--failed', [CompletionResultType]::ParameterName, 'With --hook: the failed deliveries (the only ones that can be retried)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'tourney;hooks;test' {
            [CompletionResult]::new('--event', '--event', [CompletionResultType]::ParameterName, 'The event type to send an example of')
            [CompletionResult]::new('--allow-cidr', '--allow-cidr', [CompletionResultType]::ParameterName, 'Let webhooks reach this address range although it is private or internal (tests, on-premise receivers); repeatable, off by default')
            [CompletionResult]::new('--root-cert', '--root-cert', [CompletionResultType]::ParameterName, 'Also trust this PEM root certificate (a test receiver''s CA)')
            [CompletionResult]::new('--database-url', '--database-url', [CompletionResultType]::ParameterName, 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]')
            [CompletionResult]::new('--actor', '--actor', [CompletionResultType]::ParameterName, 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'tourney;hooks;help' {
            [CompletionResult]::new('add', 'add', [CompletionResultType]::ParameterValue, 'Register an HTTPS address for a space''s events; prints its signing secret once')
            [CompletionResult]::new('update', 'update', [CompletionResultType]::ParameterValue, 'Change how an address''s requests are signed (from its next attempt on)')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List a space''s webhook addresses')
            [CompletionResult]::new('remove', 'remove', [CompletionResultType]::ParameterValue, 'Stop sending to an address (its unfinished deliveries fail)')
            [CompletionResult]::new('rotate-secret', 'rotate-secret', [CompletionResultType]::ParameterValue, 'Replace an address''s signing secret; prints the new one once')
            [CompletionResult]::new('disable', 'disable', [CompletionResultType]::ParameterValue, 'Stop sending to an address for now; its deliveries are kept until it is enabled again')
            [CompletionResult]::new('enable', 'enable', [CompletionResultType]::ParameterValue, 'Send to a disabled address again; the deliveries kept for it go out (or, with --drop-kept, fail)')
            [CompletionResult]::new('deliveries', 'deliveries', [CompletionResultType]::ParameterValue, 'List an address''s deliveries, newest first, with their latest attempt')
            [CompletionResult]::new('attempts', 'attempts', [CompletionResultType]::ParameterValue, 'Print a delivery''s attempt log: trigger, time, duration, outcome and why, peer, answer')
            [CompletionResult]::new('retry', 'retry', [CompletionResultType]::ParameterValue, 'Queue a failed delivery (or every failed delivery of an address) for one manual attempt')
            [CompletionResult]::new('test', 'test', [CompletionResultType]::ParameterValue, 'Send a realistic signed example of an event type to one address now, through the real delivery path, and print the outcome; the body carries "example": true')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'tourney;hooks;help;add' {
            break
        }
        'tourney;hooks;help;update' {
            break
        }
        'tourney;hooks;help;list' {
            break
        }
        'tourney;hooks;help;remove' {
            break
        }
        'tourney;hooks;help;rotate-secret' {
            break
        }
        'tourney;hooks;help;disable' {
            break
        }
        'tourney;hooks;help;enable' {
            break
        }
        'tourney;hooks;help;deliveries' {
            break
        }
        'tourney;hooks;help;attempts' {
            break
        }
        'tourney;hooks;help;retry' {
            break
        }
        'tourney;hooks;help;test' {
            break
        }
        'tourney;hooks;help;help' {
            break
        }
        'tourney;dispatch' {
            [CompletionResult]::new('--listen', '--listen', [CompletionResultType]::ParameterName, 'Serve /metrics (and /healthz) on this address while delivering, for monitoring')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'Webhook requests in flight at once')
            [CompletionResult]::new('--retry-delays', '--retry-delays', [CompletionResultType]::ParameterName, 'Delays before attempts 2, 3, ... after a failure (the last failure marks it failed)')
            [CompletionResult]::new('--lease', '--lease', [CompletionResultType]::ParameterName, 'How long a claimed delivery stays claimed if its loop stops renewing it (it is renewed while the loop holds it): the time after which another loop sends the deliveries of a loop that died')
            [CompletionResult]::new('--disable-after', '--disable-after', [CompletionResultType]::ParameterName, 'Disable a webhook address whose every attempt has failed for this long (a 410 Gone answer disables it at once); `hooks enable` turns it back on')
            [CompletionResult]::new('--allow-cidr', '--allow-cidr', [CompletionResultType]::ParameterName, 'Let webhooks reach this address range although it is private or internal (tests, on-premise receivers); repeatable, off by default')
            [CompletionResult]::new('--root-cert', '--root-cert', [CompletionResultType]::ParameterName, 'Also trust this PEM root certificate (a test receiver''s CA)')
            [CompletionResult]::new('--database-url', '--database-url', [CompletionResultType]::ParameterName, 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]')
            [CompletionResult]::new('--actor', '--actor', [CompletionResultType]::ParameterName, 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]')
            [CompletionResult]::new('--once', '--once', [CompletionResultType]::ParameterName, 'Deliver what is due now, then exit')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'tourney;ping' {
            [CompletionResult]::new('--allow-cidr', '--allow-cidr', [CompletionResultType]::ParameterName, 'Let webhooks reach this address range although it is private or internal (tests, on-premise receivers); repeatable, off by default')
            [CompletionResult]::new('--root-cert', '--root-cert', [CompletionResultType]::ParameterName, 'Also trust this PEM root certificate (a test receiver''s CA)')
            [CompletionResult]::new('--database-url', '--database-url', [CompletionResultType]::ParameterName, 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]')
            [CompletionResult]::new('--actor', '--actor', [CompletionResultType]::ParameterName, 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'tourney;verify' {
            [CompletionResult]::new('--secret', '--secret', [CompletionResultType]::ParameterName, 'The address''s signing secret (whsec_...); repeat it for both secrets of a rotation')
            [CompletionResult]::new('--headers', '--headers', [CompletionResultType]::ParameterName, 'The request''s headers as the receiver logged them, one "Name: value" per line (both sets are read); instead of --id, --timestamp and --signature')
            [CompletionResult]::new('--id', '--id', [CompletionResultType]::ParameterName, 'The Svc-Webhook-Id (or webhook-id) header')
            [CompletionResult]::new('--timestamp', '--timestamp', [CompletionResultType]::ParameterName, 'The Svc-Webhook-Timestamp (or webhook-timestamp) header')
            [CompletionResult]::new('--signature', '--signature', [CompletionResultType]::ParameterName, 'The Svc-Webhook-Signature (v1=<hex>) or webhook-signature (v1,<base64>) header')
            [CompletionResult]::new('--body', '--body', [CompletionResultType]::ParameterName, 'The raw request body [default: standard input]')
            [CompletionResult]::new('--tolerance', '--tolerance', [CompletionResultType]::ParameterName, 'Largest accepted distance between the timestamp and now, in seconds')
            [CompletionResult]::new('--database-url', '--database-url', [CompletionResultType]::ParameterName, 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]')
            [CompletionResult]::new('--actor', '--actor', [CompletionResultType]::ParameterName, 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('receiver', 'receiver', [CompletionResultType]::ParameterValue, 'Check that a receiver accepts valid webhooks and rejects forged, stale and replayed ones')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'tourney;verify;receiver' {
            [CompletionResult]::new('--secret', '--secret', [CompletionResultType]::ParameterName, 'The secret the receiver verifies with')
            [CompletionResult]::new('--allow-cidr', '--allow-cidr', [CompletionResultType]::ParameterName, 'Let webhooks reach this address range although it is private or internal (tests, on-premise receivers); repeatable, off by default')
            [CompletionResult]::new('--root-cert', '--root-cert', [CompletionResultType]::ParameterName, 'Also trust this PEM root certificate (a test receiver''s CA)')
            [CompletionResult]::new('--database-url', '--database-url', [CompletionResultType]::ParameterName, 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]')
            [CompletionResult]::new('--actor', '--actor', [CompletionResultType]::ParameterName, 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'tourney;verify;help' {
            [CompletionResult]::new('receiver', 'receiver', [CompletionResultType]::ParameterValue, 'Check that a receiver accepts valid webhooks and rejects forged, stale and replayed ones')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'tourney;verify;help;receiver' {
            break
        }
        'tourney;verify;help;help' {
            break
        }
        'tourney;embed' {
            [CompletionResult]::new('--space', '--space', [CompletionResultType]::ParameterName, 'The space''s slug (calendar widget)')
            [CompletionResult]::new('--widget', '--widget', [CompletionResultType]::ParameterName, 'Which widget [default: bracket for a tournament, calendar for a space]')
            [CompletionResult]::new('--locale', '--locale', [CompletionResultType]::ParameterName, 'Language of the widget')
            [CompletionResult]::new('--database-url', '--database-url', [CompletionResultType]::ParameterName, 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]')
            [CompletionResult]::new('--actor', '--actor', [CompletionResultType]::ParameterName, 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]')
            [CompletionResult]::new('--without-script', '--without-script', [CompletionResultType]::ParameterName, 'Print only the iframe, without the script that fits it to the widget''s height (for a page that has the script already)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'tourney;demo' {
            [CompletionResult]::new('--database-url', '--database-url', [CompletionResultType]::ParameterName, 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]')
            [CompletionResult]::new('--actor', '--actor', [CompletionResultType]::ParameterName, 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'tourney;keys' {
            [CompletionResult]::new('--database-url', '--database-url', [CompletionResultType]::ParameterName, 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]')
            [CompletionResult]::new('--actor', '--actor', [CompletionResultType]::ParameterName, 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Create an API key for a space; the key is shown once, here, and stored only as a hash')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List a space''s keys (never the keys themselves)')
            [CompletionResult]::new('revoke', 'revoke', [CompletionResultType]::ParameterValue, 'Revoke a key: every server refuses it from its next request')
            [CompletionResult]::new('roll', 'roll', [CompletionResultType]::ParameterValue, 'Replace a key with a new one (shown once); the old key keeps working for the grace')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'tourney;keys;create' {
            [CompletionResult]::new('--space', '--space', [CompletionResultType]::ParameterName, 'space')
            [CompletionResult]::new('--name', '--name', [CompletionResultType]::ParameterName, 'A label to tell keys apart, such as "partner site"')
            [CompletionResult]::new('--database-url', '--database-url', [CompletionResultType]::ParameterName, 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]')
            [CompletionResult]::new('--actor', '--actor', [CompletionResultType]::ParameterName, 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'tourney;keys;list' {
            [CompletionResult]::new('--space', '--space', [CompletionResultType]::ParameterName, 'space')
            [CompletionResult]::new('--database-url', '--database-url', [CompletionResultType]::ParameterName, 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]')
            [CompletionResult]::new('--actor', '--actor', [CompletionResultType]::ParameterName, 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'tourney;keys;revoke' {
            [CompletionResult]::new('--database-url', '--database-url', [CompletionResultType]::ParameterName, 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]')
            [CompletionResult]::new('--actor', '--actor', [CompletionResultType]::ParameterName, 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'tourney;keys;roll' {
            [CompletionResult]::new('--grace', '--grace', [CompletionResultType]::ParameterName, 'How long the old key keeps working: 0s (it stops now) to 30d')
            [CompletionResult]::new('--database-url', '--database-url', [CompletionResultType]::ParameterName, 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]')
            [CompletionResult]::new('--actor', '--actor', [CompletionResultType]::ParameterName, 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'tourney;keys;help' {
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Create an API key for a space; the key is shown once, here, and stored only as a hash')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List a space''s keys (never the keys themselves)')
            [CompletionResult]::new('revoke', 'revoke', [CompletionResultType]::ParameterValue, 'Revoke a key: every server refuses it from its next request')
            [CompletionResult]::new('roll', 'roll', [CompletionResultType]::ParameterValue, 'Replace a key with a new one (shown once); the old key keeps working for the grace')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'tourney;keys;help;create' {
            break
        }
        'tourney;keys;help;list' {
            break
        }
        'tourney;keys;help;revoke' {
            break
        }
        'tourney;keys;help;roll' {
            break
        }
        'tourney;keys;help;help' {
            break
        }
        'tourney;members' {
            [CompletionResult]::new('--database-url', '--database-url', [CompletionResultType]::ParameterName, 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]')
            [CompletionResult]::new('--actor', '--actor', [CompletionResultType]::ParameterName, 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('add', 'add', [CompletionResultType]::ParameterValue, 'Make a person (by email address) a member of a space; `login-link` then signs them in')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List a space''s members and their roles')
            [CompletionResult]::new('role', 'role', [CompletionResultType]::ParameterValue, 'Change a member''s role (a space always keeps one owner)')
            [CompletionResult]::new('remove', 'remove', [CompletionResultType]::ParameterValue, 'Remove a member from a space (never its last owner)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'tourney;members;add' {
            [CompletionResult]::new('--space', '--space', [CompletionResultType]::ParameterName, 'space')
            [CompletionResult]::new('--email', '--email', [CompletionResultType]::ParameterName, 'email')
            [CompletionResult]::new('--role', '--role', [CompletionResultType]::ParameterName, 'role')
            [CompletionResult]::new('--database-url', '--database-url', [CompletionResultType]::ParameterName, 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]')
            [CompletionResult]::new('--actor', '--actor', [CompletionResultType]::ParameterName, 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'tourney;members;list' {
            [CompletionResult]::new('--space', '--space', [CompletionResultType]::ParameterName, 'space')
            [CompletionResult]::new('--database-url', '--database-url', [CompletionResultType]::ParameterName, 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]')
            [CompletionResult]::new('--actor', '--actor', [CompletionResultType]::ParameterName, 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'tourney;members;role' {
            [CompletionResult]::new('--space', '--space', [CompletionResultType]::ParameterName, 'space')
            [CompletionResult]::new('--email', '--email', [CompletionResultType]::ParameterName, 'email')
            [CompletionResult]::new('--database-url', '--database-url', [CompletionResultType]::ParameterName, 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]')
            [CompletionResult]::new('--actor', '--actor', [CompletionResultType]::ParameterName, 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'tourney;members;remove' {
            [CompletionResult]::new('--space', '--space', [CompletionResultType]::ParameterName, 'space')
            [CompletionResult]::new('--email', '--email', [CompletionResultType]::ParameterName, 'email')
            [CompletionResult]::new('--database-url', '--database-url', [CompletionResultType]::ParameterName, 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]')
            [CompletionResult]::new('--actor', '--actor', [CompletionResultType]::ParameterName, 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'tourney;members;help' {
            [CompletionResult]::new('add', 'add', [CompletionResultType]::ParameterValue, 'Make a person (by email address) a member of a space; `login-link` then signs them in')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List a space''s members and their roles')
            [CompletionResult]::new('role', 'role', [CompletionResultType]::ParameterValue, 'Change a member''s role (a space always keeps one owner)')
            [CompletionResult]::new('remove', 'remove', [CompletionResultType]::ParameterValue, 'Remove a member from a space (never its last owner)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'tourney;members;help;add' {
            break
        }
        'tourney;members;help;list' {
            break
        }
        'tourney;members;help;role' {
            break
        }
        'tourney;members;help;remove' {
            break
        }
        'tourney;members;help;help' {
            break
        }
        'tourney;login-link' {
            [CompletionResult]::new('--email', '--email', [CompletionResultType]::ParameterName, 'The member''s email address')
            [CompletionResult]::new('--database-url', '--database-url', [CompletionResultType]::ParameterName, 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]')
            [CompletionResult]::new('--actor', '--actor', [CompletionResultType]::ParameterName, 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'tourney;import' {
            [CompletionResult]::new('--database-url', '--database-url', [CompletionResultType]::ParameterName, 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]')
            [CompletionResult]::new('--actor', '--actor', [CompletionResultType]::ParameterName, 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'tourney;completions' {
            [CompletionResult]::new('--out-dir', '--out-dir', [CompletionResultType]::ParameterName, 'Write completion files into DIR instead of printing (every shell unless SHELL is given)')
            [CompletionResult]::new('--database-url', '--database-url', [CompletionResultType]::ParameterName, 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]')
            [CompletionResult]::new('--actor', '--actor', [CompletionResultType]::ParameterName, 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'tourney;man' {
            [CompletionResult]::new('--out-dir', '--out-dir', [CompletionResultType]::ParameterName, 'Write tourney.1 and one page per subcommand into DIR instead of printing')
            [CompletionResult]::new('--database-url', '--database-url', [CompletionResultType]::ParameterName, 'Database to use: sqlite://PATH (created only by serve, demo, import, db migrate and spaces create) or postgres://USER@HOST/NAME')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Public address of the service, used to build portal and widget links [default: http://127.0.0.1:8080; `serve` uses the address it listens on]')
            [CompletionResult]::new('--actor', '--actor', [CompletionResultType]::ParameterName, 'Who is acting, for the audit log [default: $USER or $LOGNAME, else the system account''s name]')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'tourney;help' {
            [CompletionResult]::new('serve', 'serve', [CompletionResultType]::ParameterValue, 'Serve the read API, the widgets and the portal, and deliver webhooks, until SIGINT or SIGTERM')
            [CompletionResult]::new('spaces', 'spaces', [CompletionResultType]::ParameterValue, 'Create and list organising spaces')
            [CompletionResult]::new('db', 'db', [CompletionResultType]::ParameterValue, 'Database maintenance')
            [CompletionResult]::new('tournaments', 'tournaments', [CompletionResultType]::ParameterValue, 'Create and run tournaments: status moves, registrations, the start')
            [CompletionResult]::new('audit', 'audit', [CompletionResultType]::ParameterValue, 'Read the audit log: who changed what, when (newest last)')
            [CompletionResult]::new('matches', 'matches', [CompletionResultType]::ParameterValue, 'Report and correct match results')
            [CompletionResult]::new('stages', 'stages', [CompletionResultType]::ParameterValue, 'Plan a tournament''s stages (before its start) and reseed a drawn stage')
            [CompletionResult]::new('stations', 'stations', [CompletionResultType]::ParameterValue, 'Manage a space''s stations (tables, courts, boards), where matches are called to be played')
            [CompletionResult]::new('hooks', 'hooks', [CompletionResultType]::ParameterValue, 'Manage a space''s webhook addresses and their deliveries')
            [CompletionResult]::new('dispatch', 'dispatch', [CompletionResultType]::ParameterValue, 'Deliver webhooks alone (serve delivers too): claim due deliveries, sign, send, retry on schedule')
            [CompletionResult]::new('ping', 'ping', [CompletionResultType]::ParameterValue, 'Send a signed test event to one webhook address now and print the outcome')
            [CompletionResult]::new('verify', 'verify', [CompletionResultType]::ParameterValue, 'Check a received webhook''s signature, or test a receiver (verify receiver URL)')
            [CompletionResult]::new('embed', 'embed', [CompletionResultType]::ParameterValue, 'Print the code that embeds a widget on a partner site: the iframe and the script that fits it to the widget''s height')
            [CompletionResult]::new('demo', 'demo', [CompletionResultType]::ParameterValue, 'Create the demo space: a tournament of every format in every interesting state')
            [CompletionResult]::new('keys', 'keys', [CompletionResultType]::ParameterValue, 'Create, list, revoke and roll API keys')
            [CompletionResult]::new('members', 'members', [CompletionResultType]::ParameterValue, 'Manage who signs in to a space''s section (owners and administrators)')
            [CompletionResult]::new('login-link', 'login-link', [CompletionResultType]::ParameterValue, 'Print a single-use link (15 minutes) that signs a member in to the portal''s section')
            [CompletionResult]::new('import', 'import', [CompletionResultType]::ParameterValue, 'Load spaces and tournaments from a JSON document (all or nothing; see docs/import.md)')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print shell completions (or write them all with --out-dir)')
            [CompletionResult]::new('man', 'man', [CompletionResultType]::ParameterValue, 'Print the man page (or write every page with --out-dir)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'tourney;help;serve' {
            break
        }
        'tourney;help;spaces' {
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Create a space')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List every space')
            [CompletionResult]::new('place', 'place', [CompletionResultType]::ParameterValue, 'Say where a space''s tournaments are played (search engines show it as their location), or that they are played online')
            break
        }
        'tourney;help;spaces;create' {
            break
        }
        'tourney;help;spaces;list' {
            break
        }
        'tourney;help;spaces;place' {
            break
        }
        'tourney;help;db' {
            [CompletionResult]::new('migrate', 'migrate', [CompletionResultType]::ParameterValue, 'Apply pending migrations (every command also does this on start)')
            [CompletionResult]::new('backup', 'backup', [CompletionResultType]::ParameterValue, 'Copy the SQLite database, consistently, into a new file while serve and the shell keep writing (on Postgres, use pg_dump)')
            break
        }
        'tourney;help;db;migrate' {
            break
        }
        'tourney;help;db;backup' {
            break
        }
        'tourney;help;tournaments' {
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Create a tournament (in DRAFT status)')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Move a tournament to another status')
            [CompletionResult]::new('register', 'register', [CompletionResultType]::ParameterValue, 'Register a participant, or a team with its players (while registration is open); a full tournament with a waiting list puts them on it')
            [CompletionResult]::new('check-in', 'check-in', [CompletionResultType]::ParameterValue, 'Check a registrant in for them (at any time before the start), or with --process apply the check-in''s result now instead of when its window closes')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List tournaments, soonest first: every space''s, or one space''s, in any status or one')
            [CompletionResult]::new('update', 'update', [CompletionResultType]::ParameterValue, 'Change a tournament''s name, description, start or capacity (the start and the capacity only before it starts), its check-in, teams or waiting list (while registration is open)')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Show a tournament: its settings, its counts and its field')
            [CompletionResult]::new('registrations', 'registrations', [CompletionResultType]::ParameterValue, 'List a tournament''s registrations with the players'' private email addresses (for admins)')
            [CompletionResult]::new('withdraw', 'withdraw', [CompletionResultType]::ParameterValue, 'Withdraw a registration (before the tournament starts)')
            [CompletionResult]::new('seed', 'seed', [CompletionResultType]::ParameterValue, 'Set the seed order before the start: the players named take seeds 1, 2, 3, … in that order, the rest of the field follows in the order it had (no-shows of a check-in still go to the bottom at the start)')
            [CompletionResult]::new('start', 'start', [CompletionResultType]::ParameterValue, 'Seed the field, draw the first stage and start play (registration must be closed)')
            break
        }
        'tourney;help;tournaments;create' {
            break
        }
        'tourney;help;tournaments;status' {
            break
        }
        'tourney;help;tournaments;register' {
            break
        }
        'tourney;help;tournaments;check-in' {
            break
        }
        'tourney;help;tournaments;list' {
            break
        }
        'tourney;help;tournaments;update' {
            break
        }
        'tourney;help;tournaments;show' {
            break
        }
        'tourney;help;tournaments;registrations' {
            break
        }
        'tourney;help;tournaments;withdraw' {
            break
        }
        'tourney;help;tournaments;seed' {
            break
        }
        'tourney;help;tournaments;start' {
            break
        }
        'tourney;help;audit' {
            break
        }
        'tourney;help;matches' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List a tournament''s matches with their ids, sides, status and score')
            [CompletionResult]::new('report', 'report', [CompletionResultType]::ParameterValue, 'Report the result of a ready match')
            [CompletionResult]::new('correct', 'correct', [CompletionResultType]::ParameterValue, 'Correct the result of a completed match (later matches that depended on it are reset)')
            [CompletionResult]::new('call', 'call', [CompletionResultType]::ParameterValue, 'Call a ready match to a station now (the first free one of the tournament, or the one named); a called match moves to the station named')
            [CompletionResult]::new('uncall', 'uncall', [CompletionResultType]::ParameterValue, 'Take back a match''s call: its station is free and the match waits in the queue again')
            [CompletionResult]::new('start', 'start', [CompletionResultType]::ParameterValue, 'Record that a called match is being played (its players are at the station)')
            break
        }
        'tourney;help;matches;list' {
            break
        }
        'tourney;help;matches;report' {
            break
        }
        'tourney;help;matches;correct' {
            break
        }
        'tourney;help;matches;call' {
            break
        }
        'tourney;help;matches;uncall' {
            break
        }
        'tourney;help;matches;start' {
            break
        }
        'tourney;help;stages' {
            [CompletionResult]::new('add', 'add', [CompletionResultType]::ParameterValue, 'Add a stage after the tournament''s last, fed by the best of the stage before (before the start)')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List a tournament''s stages: format, options, how each is fed, status')
            [CompletionResult]::new('remove', 'remove', [CompletionResultType]::ParameterValue, 'Remove the last stage added (before the start)')
            [CompletionResult]::new('seed', 'seed', [CompletionResultType]::ParameterValue, 'Reseed a drawn stage before its first result: every player of the stage, best first')
            break
        }
        'tourney;help;stages;add' {
            break
        }
        'tourney;help;stages;list' {
            break
        }
        'tourney;help;stages;remove' {
            break
        }
        'tourney;help;stages;seed' {
            break
        }
        'tourney;help;stations' {
            [CompletionResult]::new('add', 'add', [CompletionResultType]::ParameterValue, 'Add stations to a space, in the order given (the order calls prefer them)')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List a space''s stations, each with the match it holds and since when')
            [CompletionResult]::new('pause', 'pause', [CompletionResultType]::ParameterValue, 'Pause a station: nothing new is called to it (a match it holds plays on)')
            [CompletionResult]::new('resume', 'resume', [CompletionResultType]::ParameterValue, 'Resume a paused station')
            [CompletionResult]::new('remove', 'remove', [CompletionResultType]::ParameterValue, 'Remove a station that holds no match')
            break
        }
        'tourney;help;stations;add' {
            break
        }
        'tourney;help;stations;list' {
            break
        }
        'tourney;help;stations;pause' {
            break
        }
        'tourney;help;stations;resume' {
            break
        }
        'tourney;help;stations;remove' {
            break
        }
        'tourney;help;hooks' {
            [CompletionResult]::new('add', 'add', [CompletionResultType]::ParameterValue, 'Register an HTTPS address for a space''s events; prints its signing secret once')
            [CompletionResult]::new('update', 'update', [CompletionResultType]::ParameterValue, 'Change how an address''s requests are signed (from its next attempt on)')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List a space''s webhook addresses')
            [CompletionResult]::new('remove', 'remove', [CompletionResultType]::ParameterValue, 'Stop sending to an address (its unfinished deliveries fail)')
            [CompletionResult]::new('rotate-secret', 'rotate-secret', [CompletionResultType]::ParameterValue, 'Replace an address''s signing secret; prints the new one once')
            [CompletionResult]::new('disable', 'disable', [CompletionResultType]::ParameterValue, 'Stop sending to an address for now; its deliveries are kept until it is enabled again')
            [CompletionResult]::new('enable', 'enable', [CompletionResultType]::ParameterValue, 'Send to a disabled address again; the deliveries kept for it go out (or, with --drop-kept, fail)')
            [CompletionResult]::new('deliveries', 'deliveries', [CompletionResultType]::ParameterValue, 'List an address''s deliveries, newest first, with their latest attempt')
            [CompletionResult]::new('attempts', 'attempts', [CompletionResultType]::ParameterValue, 'Print a delivery''s attempt log: trigger, time, duration, outcome and why, peer, answer')
            [CompletionResult]::new('retry', 'retry', [CompletionResultType]::ParameterValue, 'Queue a failed delivery (or every failed delivery of an address) for one manual attempt')
            [CompletionResult]::new('test', 'test', [CompletionResultType]::ParameterValue, 'Send a realistic signed example of an event type to one address now, through the real delivery path, and print the outcome; the body carries "example": true')
            break
        }
        'tourney;help;hooks;add' {
            break
        }
        'tourney;help;hooks;update' {
            break
        }
        'tourney;help;hooks;list' {
            break
        }
        'tourney;help;hooks;remove' {
            break
        }
        'tourney;help;hooks;rotate-secret' {
            break
        }
        'tourney;help;hooks;disable' {
            break
        }
        'tourney;help;hooks;enable' {
            break
        }
        'tourney;help;hooks;deliveries' {
            break
        }
        'tourney;help;hooks;attempts' {
            break
        }
        'tourney;help;hooks;retry' {
            break
        }
        'tourney;help;hooks;test' {
            break
        }
        'tourney;help;dispatch' {
            break
        }
        'tourney;help;ping' {
            break
        }
        'tourney;help;verify' {
            [CompletionResult]::new('receiver', 'receiver', [CompletionResultType]::ParameterValue, 'Check that a receiver accepts valid webhooks and rejects forged, stale and replayed ones')
            break
        }
        'tourney;help;verify;receiver' {
            break
        }
        'tourney;help;embed' {
            break
        }
        'tourney;help;demo' {
            break
        }
        'tourney;help;keys' {
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Create an API key for a space; the key is shown once, here, and stored only as a hash')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List a space''s keys (never the keys themselves)')
            [CompletionResult]::new('revoke', 'revoke', [CompletionResultType]::ParameterValue, 'Revoke a key: every server refuses it from its next request')
            [CompletionResult]::new('roll', 'roll', [CompletionResultType]::ParameterValue, 'Replace a key with a new one (shown once); the old key keeps working for the grace')
            break
        }
        'tourney;help;keys;create' {
            break
        }
        'tourney;help;keys;list' {
            break
        }
        'tourney;help;keys;revoke' {
            break
        }
        'tourney;help;keys;roll' {
            break
        }
        'tourney;help;members' {
            [CompletionResult]::new('add', 'add', [CompletionResultType]::ParameterValue, 'Make a person (by email address) a member of a space; `login-link` then signs them in')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List a space''s members and their roles')
            [CompletionResult]::new('role', 'role', [CompletionResultType]::ParameterValue, 'Change a member''s role (a space always keeps one owner)')
            [CompletionResult]::new('remove', 'remove', [CompletionResultType]::ParameterValue, 'Remove a member from a space (never its last owner)')
            break
        }
        'tourney;help;members;add' {
            break
        }
        'tourney;help;members;list' {
            break
        }
        'tourney;help;members;role' {
            break
        }
        'tourney;help;members;remove' {
            break
        }
        'tourney;help;login-link' {
            break
        }
        'tourney;help;import' {
            break
        }
        'tourney;help;completions' {
            break
        }
        'tourney;help;man' {
            break
        }
        'tourney;help;help' {
            break
        }
    })

    $completions.Where{ $_.CompletionText -like "$wordToComplete*" } |
        Sort-Object -Property ListItemText
}
