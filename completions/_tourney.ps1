
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
            [CompletionResult]::new('--database-url', '--database-url', [CompletionResultType]::ParameterName, 'Database to use: sqlite://PATH (created on first use) or postgres://USER@HOST/NAME')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Public address of the service, used to build portal and widget links')
            [CompletionResult]::new('--actor', '--actor', [CompletionResultType]::ParameterName, 'Who is acting, for the audit log [default: the USER environment variable]')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('spaces', 'spaces', [CompletionResultType]::ParameterValue, 'Create and list organising spaces')
            [CompletionResult]::new('db', 'db', [CompletionResultType]::ParameterValue, 'Database maintenance')
            [CompletionResult]::new('import', 'import', [CompletionResultType]::ParameterValue, 'Load spaces and tournaments from a JSON document (all or nothing; see docs/import.md)')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print shell completions (or write them all with --out-dir)')
            [CompletionResult]::new('man', 'man', [CompletionResultType]::ParameterValue, 'Print the man page (or write every page with --out-dir)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'tourney;spaces' {
            [CompletionResult]::new('--database-url', '--database-url', [CompletionResultType]::ParameterName, 'Database to use: sqlite://PATH (created on first use) or postgres://USER@HOST/NAME')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Public address of the service, used to build portal and widget links')
            [CompletionResult]::new('--actor', '--actor', [CompletionResultType]::ParameterName, 'Who is acting, for the audit log [default: the USER environment variable]')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Create a space')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List every space')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'tourney;spaces;create' {
            [CompletionResult]::new('--name', '--name', [CompletionResultType]::ParameterName, 'Display name')
            [CompletionResult]::new('--locale', '--locale', [CompletionResultType]::ParameterName, 'Default language of the space''s portal links and widgets')
            [CompletionResult]::new('--database-url', '--database-url', [CompletionResultType]::ParameterName, 'Database to use: sqlite://PATH (created on first use) or postgres://USER@HOST/NAME')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Public address of the service, used to build portal and widget links')
            [CompletionResult]::new('--actor', '--actor', [CompletionResultType]::ParameterName, 'Who is acting, for the audit log [default: the USER environment variable]')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'tourney;spaces;list' {
            [CompletionResult]::new('--database-url', '--database-url', [CompletionResultType]::ParameterName, 'Database to use: sqlite://PATH (created on first use) or postgres://USER@HOST/NAME')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Public address of the service, used to build portal and widget links')
            [CompletionResult]::new('--actor', '--actor', [CompletionResultType]::ParameterName, 'Who is acting, for the audit log [default: the USER environment variable]')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'tourney;spaces;help' {
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Create a space')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List every space')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'tourney;spaces;help;create' {
            break
        }
        'tourney;spaces;help;list' {
            break
        }
        'tourney;spaces;help;help' {
            break
        }
        'tourney;db' {
            [CompletionResult]::new('--database-url', '--database-url', [CompletionResultType]::ParameterName, 'Database to use: sqlite://PATH (created on first use) or postgres://USER@HOST/NAME')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Public address of the service, used to build portal and widget links')
            [CompletionResult]::new('--actor', '--actor', [CompletionResultType]::ParameterName, 'Who is acting, for the audit log [default: the USER environment variable]')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('migrate', 'migrate', [CompletionResultType]::ParameterValue, 'Apply pending migrations (every command also does this on start)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'tourney;db;migrate' {
            [CompletionResult]::new('--database-url', '--database-url', [CompletionResultType]::ParameterName, 'Database to use: sqlite://PATH (created on first use) or postgres://USER@HOST/NAME')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Public address of the service, used to build portal and widget links')
            [CompletionResult]::new('--actor', '--actor', [CompletionResultType]::ParameterName, 'Who is acting, for the audit log [default: the USER environment variable]')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'tourney;db;help' {
            [CompletionResult]::new('migrate', 'migrate', [CompletionResultType]::ParameterValue, 'Apply pending migrations (every command also does this on start)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'tourney;db;help;migrate' {
            break
        }
        'tourney;db;help;help' {
            break
        }
        'tourney;import' {
            [CompletionResult]::new('--database-url', '--database-url', [CompletionResultType]::ParameterName, 'Database to use: sqlite://PATH (created on first use) or postgres://USER@HOST/NAME')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Public address of the service, used to build portal and widget links')
            [CompletionResult]::new('--actor', '--actor', [CompletionResultType]::ParameterName, 'Who is acting, for the audit log [default: the USER environment variable]')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'tourney;completions' {
            [CompletionResult]::new('--out-dir', '--out-dir', [CompletionResultType]::ParameterName, 'Write completion files into DIR instead of printing (every shell unless SHELL is given)')
            [CompletionResult]::new('--database-url', '--database-url', [CompletionResultType]::ParameterName, 'Database to use: sqlite://PATH (created on first use) or postgres://USER@HOST/NAME')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Public address of the service, used to build portal and widget links')
            [CompletionResult]::new('--actor', '--actor', [CompletionResultType]::ParameterName, 'Who is acting, for the audit log [default: the USER environment variable]')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'tourney;man' {
            [CompletionResult]::new('--out-dir', '--out-dir', [CompletionResultType]::ParameterName, 'Write tourney.1 and one page per subcommand into DIR instead of printing')
            [CompletionResult]::new('--database-url', '--database-url', [CompletionResultType]::ParameterName, 'Database to use: sqlite://PATH (created on first use) or postgres://USER@HOST/NAME')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Public address of the service, used to build portal and widget links')
            [CompletionResult]::new('--actor', '--actor', [CompletionResultType]::ParameterName, 'Who is acting, for the audit log [default: the USER environment variable]')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'tourney;help' {
            [CompletionResult]::new('spaces', 'spaces', [CompletionResultType]::ParameterValue, 'Create and list organising spaces')
            [CompletionResult]::new('db', 'db', [CompletionResultType]::ParameterValue, 'Database maintenance')
            [CompletionResult]::new('import', 'import', [CompletionResultType]::ParameterValue, 'Load spaces and tournaments from a JSON document (all or nothing; see docs/import.md)')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print shell completions (or write them all with --out-dir)')
            [CompletionResult]::new('man', 'man', [CompletionResultType]::ParameterValue, 'Print the man page (or write every page with --out-dir)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'tourney;help;spaces' {
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Create a space')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List every space')
            break
        }
        'tourney;help;spaces;create' {
            break
        }
        'tourney;help;spaces;list' {
            break
        }
        'tourney;help;db' {
            [CompletionResult]::new('migrate', 'migrate', [CompletionResultType]::ParameterValue, 'Apply pending migrations (every command also does this on start)')
            break
        }
        'tourney;help;db;migrate' {
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
