//! Rebuilds when a migration is added: `sqlx::migrate!` embeds the files of `migrations/` but, on
//! stable Rust, does not notice new ones by itself.

fn main() {
    println!("cargo:rerun-if-changed=migrations");
}
