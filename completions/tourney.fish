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

complete -c tourney -n "__fish_tourney_needs_command" -l database-url -d 'Database to use: sqlite://PATH (created on first use) or postgres://USER@HOST/NAME' -r
complete -c tourney -n "__fish_tourney_needs_command" -l base-url -d 'Public address of the service, used to build portal and widget links' -r
complete -c tourney -n "__fish_tourney_needs_command" -l actor -d 'Who is acting, for the audit log [default: the USER environment variable]' -r
complete -c tourney -n "__fish_tourney_needs_command" -s h -l help -d 'Print help'
complete -c tourney -n "__fish_tourney_needs_command" -s V -l version -d 'Print version'
complete -c tourney -n "__fish_tourney_needs_command" -f -a "spaces" -d 'Create and list organising spaces'
complete -c tourney -n "__fish_tourney_needs_command" -f -a "db" -d 'Database maintenance'
complete -c tourney -n "__fish_tourney_needs_command" -f -a "import" -d 'Load spaces and tournaments from a JSON document (all or nothing; see docs/import.md)'
complete -c tourney -n "__fish_tourney_needs_command" -f -a "completions" -d 'Print shell completions (or write them all with --out-dir)'
complete -c tourney -n "__fish_tourney_needs_command" -f -a "man" -d 'Print the man page (or write every page with --out-dir)'
complete -c tourney -n "__fish_tourney_needs_command" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c tourney -n "__fish_tourney_using_subcommand spaces; and not __fish_seen_subcommand_from create list help" -l database-url -d 'Database to use: sqlite://PATH (created on first use) or postgres://USER@HOST/NAME' -r
complete -c tourney -n "__fish_tourney_using_subcommand spaces; and not __fish_seen_subcommand_from create list help" -l base-url -d 'Public address of the service, used to build portal and widget links' -r
complete -c tourney -n "__fish_tourney_using_subcommand spaces; and not __fish_seen_subcommand_from create list help" -l actor -d 'Who is acting, for the audit log [default: the USER environment variable]' -r
complete -c tourney -n "__fish_tourney_using_subcommand spaces; and not __fish_seen_subcommand_from create list help" -s h -l help -d 'Print help'
complete -c tourney -n "__fish_tourney_using_subcommand spaces; and not __fish_seen_subcommand_from create list help" -s V -l version -d 'Print version'
complete -c tourney -n "__fish_tourney_using_subcommand spaces; and not __fish_seen_subcommand_from create list help" -f -a "create" -d 'Create a space'
complete -c tourney -n "__fish_tourney_using_subcommand spaces; and not __fish_seen_subcommand_from create list help" -f -a "list" -d 'List every space'
complete -c tourney -n "__fish_tourney_using_subcommand spaces; and not __fish_seen_subcommand_from create list help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c tourney -n "__fish_tourney_using_subcommand spaces; and __fish_seen_subcommand_from create" -l name -d 'Display name' -r
complete -c tourney -n "__fish_tourney_using_subcommand spaces; and __fish_seen_subcommand_from create" -l locale -d 'Default language of the space\'s portal links and widgets' -r -f -a "en\t''
ru\t''"
complete -c tourney -n "__fish_tourney_using_subcommand spaces; and __fish_seen_subcommand_from create" -l database-url -d 'Database to use: sqlite://PATH (created on first use) or postgres://USER@HOST/NAME' -r
complete -c tourney -n "__fish_tourney_using_subcommand spaces; and __fish_seen_subcommand_from create" -l base-url -d 'Public address of the service, used to build portal and widget links' -r
complete -c tourney -n "__fish_tourney_using_subcommand spaces; and __fish_seen_subcommand_from create" -l actor -d 'Who is acting, for the audit log [default: the USER environment variable]' -r
complete -c tourney -n "__fish_tourney_using_subcommand spaces; and __fish_seen_subcommand_from create" -s h -l help -d 'Print help'
complete -c tourney -n "__fish_tourney_using_subcommand spaces; and __fish_seen_subcommand_from create" -s V -l version -d 'Print version'
complete -c tourney -n "__fish_tourney_using_subcommand spaces; and __fish_seen_subcommand_from list" -l database-url -d 'Database to use: sqlite://PATH (created on first use) or postgres://USER@HOST/NAME' -r
complete -c tourney -n "__fish_tourney_using_subcommand spaces; and __fish_seen_subcommand_from list" -l base-url -d 'Public address of the service, used to build portal and widget links' -r
complete -c tourney -n "__fish_tourney_using_subcommand spaces; and __fish_seen_subcommand_from list" -l actor -d 'Who is acting, for the audit log [default: the USER environment variable]' -r
complete -c tourney -n "__fish_tourney_using_subcommand spaces; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help'
complete -c tourney -n "__fish_tourney_using_subcommand spaces; and __fish_seen_subcommand_from list" -s V -l version -d 'Print version'
complete -c tourney -n "__fish_tourney_using_subcommand spaces; and __fish_seen_subcommand_from help" -f -a "create" -d 'Create a space'
complete -c tourney -n "__fish_tourney_using_subcommand spaces; and __fish_seen_subcommand_from help" -f -a "list" -d 'List every space'
complete -c tourney -n "__fish_tourney_using_subcommand spaces; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c tourney -n "__fish_tourney_using_subcommand db; and not __fish_seen_subcommand_from migrate help" -l database-url -d 'Database to use: sqlite://PATH (created on first use) or postgres://USER@HOST/NAME' -r
complete -c tourney -n "__fish_tourney_using_subcommand db; and not __fish_seen_subcommand_from migrate help" -l base-url -d 'Public address of the service, used to build portal and widget links' -r
complete -c tourney -n "__fish_tourney_using_subcommand db; and not __fish_seen_subcommand_from migrate help" -l actor -d 'Who is acting, for the audit log [default: the USER environment variable]' -r
complete -c tourney -n "__fish_tourney_using_subcommand db; and not __fish_seen_subcommand_from migrate help" -s h -l help -d 'Print help'
complete -c tourney -n "__fish_tourney_using_subcommand db; and not __fish_seen_subcommand_from migrate help" -s V -l version -d 'Print version'
complete -c tourney -n "__fish_tourney_using_subcommand db; and not __fish_seen_subcommand_from migrate help" -f -a "migrate" -d 'Apply pending migrations (every command also does this on start)'
complete -c tourney -n "__fish_tourney_using_subcommand db; and not __fish_seen_subcommand_from migrate help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c tourney -n "__fish_tourney_using_subcommand db; and __fish_seen_subcommand_from migrate" -l database-url -d 'Database to use: sqlite://PATH (created on first use) or postgres://USER@HOST/NAME' -r
complete -c tourney -n "__fish_tourney_using_subcommand db; and __fish_seen_subcommand_from migrate" -l base-url -d 'Public address of the service, used to build portal and widget links' -r
complete -c tourney -n "__fish_tourney_using_subcommand db; and __fish_seen_subcommand_from migrate" -l actor -d 'Who is acting, for the audit log [default: the USER environment variable]' -r
complete -c tourney -n "__fish_tourney_using_subcommand db; and __fish_seen_subcommand_from migrate" -s h -l help -d 'Print help'
complete -c tourney -n "__fish_tourney_using_subcommand db; and __fish_seen_subcommand_from migrate" -s V -l version -d 'Print version'
complete -c tourney -n "__fish_tourney_using_subcommand db; and __fish_seen_subcommand_from help" -f -a "migrate" -d 'Apply pending migrations (every command also does this on start)'
complete -c tourney -n "__fish_tourney_using_subcommand db; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c tourney -n "__fish_tourney_using_subcommand import" -l database-url -d 'Database to use: sqlite://PATH (created on first use) or postgres://USER@HOST/NAME' -r
complete -c tourney -n "__fish_tourney_using_subcommand import" -l base-url -d 'Public address of the service, used to build portal and widget links' -r
complete -c tourney -n "__fish_tourney_using_subcommand import" -l actor -d 'Who is acting, for the audit log [default: the USER environment variable]' -r
complete -c tourney -n "__fish_tourney_using_subcommand import" -s h -l help -d 'Print help'
complete -c tourney -n "__fish_tourney_using_subcommand import" -s V -l version -d 'Print version'
complete -c tourney -n "__fish_tourney_using_subcommand completions" -l out-dir -d 'Write completion files into DIR instead of printing (every shell unless SHELL is given)' -r -F
complete -c tourney -n "__fish_tourney_using_subcommand completions" -l database-url -d 'Database to use: sqlite://PATH (created on first use) or postgres://USER@HOST/NAME' -r
complete -c tourney -n "__fish_tourney_using_subcommand completions" -l base-url -d 'Public address of the service, used to build portal and widget links' -r
complete -c tourney -n "__fish_tourney_using_subcommand completions" -l actor -d 'Who is acting, for the audit log [default: the USER environment variable]' -r
complete -c tourney -n "__fish_tourney_using_subcommand completions" -s h -l help -d 'Print help'
complete -c tourney -n "__fish_tourney_using_subcommand completions" -s V -l version -d 'Print version'
complete -c tourney -n "__fish_tourney_using_subcommand man" -l out-dir -d 'Write tourney.1 and one page per subcommand into DIR instead of printing' -r -F
complete -c tourney -n "__fish_tourney_using_subcommand man" -l database-url -d 'Database to use: sqlite://PATH (created on first use) or postgres://USER@HOST/NAME' -r
complete -c tourney -n "__fish_tourney_using_subcommand man" -l base-url -d 'Public address of the service, used to build portal and widget links' -r
complete -c tourney -n "__fish_tourney_using_subcommand man" -l actor -d 'Who is acting, for the audit log [default: the USER environment variable]' -r
complete -c tourney -n "__fish_tourney_using_subcommand man" -s h -l help -d 'Print help'
complete -c tourney -n "__fish_tourney_using_subcommand man" -s V -l version -d 'Print version'
complete -c tourney -n "__fish_tourney_using_subcommand help; and not __fish_seen_subcommand_from spaces db import completions man help" -f -a "spaces" -d 'Create and list organising spaces'
complete -c tourney -n "__fish_tourney_using_subcommand help; and not __fish_seen_subcommand_from spaces db import completions man help" -f -a "db" -d 'Database maintenance'
complete -c tourney -n "__fish_tourney_using_subcommand help; and not __fish_seen_subcommand_from spaces db import completions man help" -f -a "import" -d 'Load spaces and tournaments from a JSON document (all or nothing; see docs/import.md)'
complete -c tourney -n "__fish_tourney_using_subcommand help; and not __fish_seen_subcommand_from spaces db import completions man help" -f -a "completions" -d 'Print shell completions (or write them all with --out-dir)'
complete -c tourney -n "__fish_tourney_using_subcommand help; and not __fish_seen_subcommand_from spaces db import completions man help" -f -a "man" -d 'Print the man page (or write every page with --out-dir)'
complete -c tourney -n "__fish_tourney_using_subcommand help; and not __fish_seen_subcommand_from spaces db import completions man help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c tourney -n "__fish_tourney_using_subcommand help; and __fish_seen_subcommand_from spaces" -f -a "create" -d 'Create a space'
complete -c tourney -n "__fish_tourney_using_subcommand help; and __fish_seen_subcommand_from spaces" -f -a "list" -d 'List every space'
complete -c tourney -n "__fish_tourney_using_subcommand help; and __fish_seen_subcommand_from db" -f -a "migrate" -d 'Apply pending migrations (every command also does this on start)'
