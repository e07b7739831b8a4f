//! A small real file system for a test: a tmpfs of a few megabytes mounted on a temporary
//! directory (the tests run as root in CI), which [`SmallDisk::fill`] fills to the last byte
//! and [`SmallDisk::free`] empties again, as a disk that runs full and then gets space back. It
//! is unmounted when dropped, however the test ends.
//!
//! Where mounting is impossible (not root, no mount permission) the test says why and is
//! skipped, except under CI (`CI` set), where it fails.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

pub struct SmallDisk {
    dir: tempfile::TempDir,
}

impl SmallDisk {
    /// A tmpfs of `megabytes` on a new directory, or `None` (with the reason printed) where that
    /// is impossible outside CI.
    pub fn mount(test: &str, megabytes: u32) -> Option<SmallDisk> {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let mounted = Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={megabytes}m,mode=0777")])
            .arg("tmpfs")
            .arg(dir.path())
            .output();
        match mounted {
            Ok(out) if out.status.success() => Some(SmallDisk { dir }),
            Ok(out) => skip(test, &String::from_utf8_lossy(&out.stderr)),
            Err(e) => skip(test, &format!("cannot run mount: {e}")),
        }
    }

    pub fn path(&self) -> &Path {
        self.dir.path()
    }

    fn filler(&self) -> PathBuf {
        self.dir.path().join("filler")
    }

    /// Writes a file until the file system has not one byte left.
    pub fn fill(&self) {
        let mut file = std::fs::File::create(self.filler()).expect("the filler file");
        let mut chunk = vec![0x5au8; 1 << 20];
        while !chunk.is_empty() {
            match file.write(&chunk) {
                Ok(0) => break,
                Ok(_) => {}
                Err(_) => chunk.truncate(chunk.len() / 2),
            }
        }
        let _ = file.sync_all();
    }

    /// Gives the space [`SmallDisk::fill`] took back.
    pub fn free(&self) {
        std::fs::remove_file(self.filler()).expect("remove the filler file");
    }
}

impl Drop for SmallDisk {
    fn drop(&mut self) {
        let unmounted = Command::new("umount")
            .arg(self.dir.path())
            .status()
            .is_ok_and(|s| s.success());
        if !unmounted {
            // Busy (a process of a failed test still has a file open): detach it now.
            let _ = Command::new("umount")
                .arg("-l")
                .arg(self.dir.path())
                .status();
        }
    }
}

fn skip<T>(test: &str, reason: &str) -> Option<T> {
    if std::env::var_os("CI").is_some() {
        panic!("{test} may not be skipped in CI: cannot mount a small file system: {reason}");
    }
    let _ = writeln!(
        std::io::stderr(),
        "skipped {test}: cannot mount a small file system (run as root): {}",
        reason.trim()
    );
    None
}
