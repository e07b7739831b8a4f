//! The `tourney` binary: parses the command line, runs the command, maps the outcome to an exit
//! status (0 success, 1 failure with a message on stderr, 2 usage error from clap).

#![forbid(unsafe_code)]

use std::process::ExitCode;

use clap::Parser;
use tourney::cli::Cli;
use tourney::commands::Error;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(error) => {
            eprintln!("error: cannot start the async runtime: {error}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(tourney::commands::run(cli)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Error::Output(error)) if error.kind() == std::io::ErrorKind::BrokenPipe => {
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::FAILURE
        }
    }
}
