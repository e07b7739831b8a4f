
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
            cand --database-url 'Database to use: sqlite://PATH (created on first use) or postgres://USER@HOST/NAME'
            cand --base-url 'Public address of the service, used to build portal and widget links'
            cand --actor 'Who is acting, for the audit log [default: the USER environment variable]'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
            cand spaces 'Create and list organising spaces'
            cand db 'Database maintenance'
            cand import 'Load spaces and tournaments from a JSON document (all or nothing; see docs/import.md)'
            cand completions 'Print shell completions (or write them all with --out-dir)'
            cand man 'Print the man page (or write every page with --out-dir)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'tourney;spaces'= {
            cand --database-url 'Database to use: sqlite://PATH (created on first use) or postgres://USER@HOST/NAME'
            cand --base-url 'Public address of the service, used to build portal and widget links'
            cand --actor 'Who is acting, for the audit log [default: the USER environment variable]'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
            cand create 'Create a space'
            cand list 'List every space'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'tourney;spaces;create'= {
            cand --name 'Display name'
            cand --locale 'Default language of the space''s portal links and widgets'
            cand --database-url 'Database to use: sqlite://PATH (created on first use) or postgres://USER@HOST/NAME'
            cand --base-url 'Public address of the service, used to build portal and widget links'
            cand --actor 'Who is acting, for the audit log [default: the USER environment variable]'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'tourney;spaces;list'= {
            cand --database-url 'Database to use: sqlite://PATH (created on first use) or postgres://USER@HOST/NAME'
            cand --base-url 'Public address of the service, used to build portal and widget links'
            cand --actor 'Who is acting, for the audit log [default: the USER environment variable]'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'tourney;spaces;help'= {
            cand create 'Create a space'
            cand list 'List every space'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'tourney;spaces;help;create'= {
        }
        &'tourney;spaces;help;list'= {
        }
        &'tourney;spaces;help;help'= {
        }
        &'tourney;db'= {
            cand --database-url 'Database to use: sqlite://PATH (created on first use) or postgres://USER@HOST/NAME'
            cand --base-url 'Public address of the service, used to build portal and widget links'
            cand --actor 'Who is acting, for the audit log [default: the USER environment variable]'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
            cand migrate 'Apply pending migrations (every command also does this on start)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'tourney;db;migrate'= {
            cand --database-url 'Database to use: sqlite://PATH (created on first use) or postgres://USER@HOST/NAME'
            cand --base-url 'Public address of the service, used to build portal and widget links'
            cand --actor 'Who is acting, for the audit log [default: the USER environment variable]'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'tourney;db;help'= {
            cand migrate 'Apply pending migrations (every command also does this on start)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'tourney;db;help;migrate'= {
        }
        &'tourney;db;help;help'= {
        }
        &'tourney;import'= {
            cand --database-url 'Database to use: sqlite://PATH (created on first use) or postgres://USER@HOST/NAME'
            cand --base-url 'Public address of the service, used to build portal and widget links'
            cand --actor 'Who is acting, for the audit log [default: the USER environment variable]'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'tourney;completions'= {
            cand --out-dir 'Write completion files into DIR instead of printing (every shell unless SHELL is given)'
            cand --database-url 'Database to use: sqlite://PATH (created on first use) or postgres://USER@HOST/NAME'
            cand --base-url 'Public address of the service, used to build portal and widget links'
            cand --actor 'Who is acting, for the audit log [default: the USER environment variable]'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'tourney;man'= {
            cand --out-dir 'Write tourney.1 and one page per subcommand into DIR instead of printing'
            cand --database-url 'Database to use: sqlite://PATH (created on first use) or postgres://USER@HOST/NAME'
            cand --base-url 'Public address of the service, used to build portal and widget links'
            cand --actor 'Who is acting, for the audit log [default: the USER environment variable]'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'tourney;help'= {
            cand spaces 'Create and list organising spaces'
            cand db 'Database maintenance'
            cand import 'Load spaces and tournaments from a JSON document (all or nothing; see docs/import.md)'
            cand completions 'Print shell completions (or write them all with --out-dir)'
            cand man 'Print the man page (or write every page with --out-dir)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'tourney;help;spaces'= {
            cand create 'Create a space'
            cand list 'List every space'
        }
        &'tourney;help;spaces;create'= {
        }
        &'tourney;help;spaces;list'= {
        }
        &'tourney;help;db'= {
            cand migrate 'Apply pending migrations (every command also does this on start)'
        }
        &'tourney;help;db;migrate'= {
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
