//! Which file system a directory is on, and whether SQLite's write-ahead log may be used there.
//!
//! WAL keeps its index in shared memory (the `-shm` file, mapped by every connection), which
//! only processes on one machine share: "all processes using a database must be on the same host
//! computer; WAL does not work over a network filesystem" (<https://www.sqlite.org/wal.html>),
//! and network file systems' locks are often broken besides ("How To Corrupt An SQLite Database
//! File", §2.1). So a directory on a file system that other machines can mount is refused.
//!
//! The kernel's magic number (`statfs`'s `f_type`) names the file system. FUSE is one magic
//! number for every FUSE file system, network (sshfs, GlusterFS, s3fs…) or local (ntfs-3g,
//! fuse-overlayfs, virtiofs); its kind is read from `/proc/self/mountinfo` (`fuse.sshfs`), and
//! only the network kinds listed here are refused: an unknown FUSE file system is taken as local.
//!
//! Asks the kernel about directories only (`stat`, `statfs`, the mount table); never opens a
//! database file.

use std::path::Path;

/// Whether SQLite's write-ahead log works on a file system.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// Every process that can open a file there runs on this machine, or may be assumed to.
    Local,
    /// Other machines can open files there: the named network file system.
    Network(String),
}

/// `FUSE_SUPER_MAGIC`: every FUSE file system.
const FUSE: u32 = 0x6573_5546;

/// Kernel network and cluster file systems, by magic number (`linux/magic.h` and the file
/// systems' sources).
const NETWORK: &[(u32, &str)] = &[
    (0x0000_6969, "NFS"),
    (0x0000_517B, "SMB"),
    (0xFF53_4D42, "CIFS"),
    (0xFE53_4D42, "SMB2"),
    (0x0102_1997, "9p"),
    (0x5346_414F, "AFS"),
    (0x6B41_4653, "AFS"),
    (0x00C3_6400, "Ceph"),
    (0x7375_7245, "Coda"),
    (0x0000_564C, "NCP"),
    (0x0BD0_0BD0, "Lustre"),
    (0x4750_4653, "GPFS"),
    (0x7461_636F, "OCFS2"),
    (0x0116_1970, "GFS2"),
];

/// FUSE file systems that reach files over the network, by the kind the mount table gives
/// them (`fuse.KIND`).
const NETWORK_FUSE: &[&str] = &[
    "sshfs",
    "glusterfs",
    "ceph-fuse",
    "ceph",
    "s3fs",
    "gcsfuse",
    "rclone",
    "juicefs",
    "goofys",
    "blobfuse",
    "blobfuse2",
    "mfs",
    "lizardfs",
    "seaweedfs",
    "curlftpfs",
    "davfs",
];

/// The verdict for a file system with magic number `magic`; for FUSE, `mount_type` is the type
/// the mount table gives the mount (`fuse.sshfs`, `fuseblk`), when it could be read.
pub fn classify(magic: u32, mount_type: Option<&str>) -> Verdict {
    if let Some((_, name)) = NETWORK.iter().find(|(m, _)| *m == magic) {
        return Verdict::Network((*name).to_owned());
    }
    if magic == FUSE {
        let kind = mount_type
            .and_then(|t| t.strip_prefix("fuse."))
            .unwrap_or_default();
        if NETWORK_FUSE.contains(&kind) {
            return Verdict::Network(format!("FUSE ({kind})"));
        }
    }
    Verdict::Local
}

/// The verdict for the file system `dir` is on; an error when the directory cannot be examined
/// (it does not exist, say).
#[cfg(target_os = "linux")]
pub fn of_directory(dir: &Path) -> std::io::Result<Verdict> {
    use std::os::unix::fs::MetadataExt;

    let stats = rustix::fs::statfs(dir)?;
    let magic = word(stats.f_type);
    let mount_type = if magic == FUSE {
        let device = std::fs::metadata(dir)?.dev();
        std::fs::read_to_string("/proc/self/mountinfo")
            .ok()
            .and_then(|table| {
                mount_type_of(&table, rustix::fs::major(device), rustix::fs::minor(device))
            })
    } else {
        None
    };
    Ok(classify(magic, mount_type.as_deref()))
}

/// Elsewhere the magic numbers mean nothing: every directory counts as local.
#[cfg(not(target_os = "linux"))]
pub fn of_directory(dir: &Path) -> std::io::Result<Verdict> {
    std::fs::metadata(dir).map(|_| Verdict::Local)
}

/// The magic number's 32 bits, whatever width the platform gives `f_type`.
#[cfg(target_os = "linux")]
#[allow(clippy::unnecessary_cast)]
fn word(f_type: rustix::fs::FsWord) -> u32 {
    f_type as u32
}

/// The file system type of the mount of device `major:minor` in a `/proc/self/mountinfo`
/// table (`36 25 0:52 / /mnt rw,relatime shared:1 - fuse.sshfs host:/ rw,…` gives
/// `fuse.sshfs`); the last such mount wins, as it hides the earlier ones.
fn mount_type_of(table: &str, major: u32, minor: u32) -> Option<String> {
    let device = format!("{major}:{minor}");
    table
        .lines()
        .filter(|line| line.split_whitespace().nth(2) == Some(device.as_str()))
        .filter_map(|line| {
            let (_, after) = line.split_once(" - ")?;
            after.split_whitespace().next().map(str::to_owned)
        })
        .next_back()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn network(name: &str) -> Verdict {
        Verdict::Network(name.to_owned())
    }

    #[test]
    fn network_file_systems_are_named_by_their_magic_numbers() {
        assert_eq!(classify(0x6969, None), network("NFS"));
        assert_eq!(classify(0x517B, None), network("SMB"));
        assert_eq!(classify(0xFF53_4D42, None), network("CIFS"));
        assert_eq!(classify(0xFE53_4D42, None), network("SMB2"));
        assert_eq!(classify(0x0102_1997, None), network("9p"));
        assert_eq!(classify(0x5346_414F, None), network("AFS"));
        assert_eq!(classify(0x6B41_4653, None), network("AFS"));
        assert_eq!(classify(0x00C3_6400, None), network("Ceph"));
        assert_eq!(classify(0x0BD0_0BD0, None), network("Lustre"));
    }

    #[test]
    fn local_file_systems_are_local() {
        for magic in [
            0xEF53,      // ext2, ext3, ext4
            0x5846_5342, // XFS
            0x9123_683E, // Btrfs
            0x0102_1994, // tmpfs
            0x794C_7630, // overlayfs (containers)
            0x2FC1_2FC1, // ZFS
            0xF2F5_2010, // F2FS
        ] {
            assert_eq!(classify(magic, None), Verdict::Local, "{magic:#x}");
        }
    }

    #[test]
    fn fuse_is_network_only_for_the_network_kinds() {
        assert_eq!(classify(FUSE, Some("fuse.sshfs")), network("FUSE (sshfs)"));
        assert_eq!(
            classify(FUSE, Some("fuse.glusterfs")),
            network("FUSE (glusterfs)")
        );
        assert_eq!(classify(FUSE, Some("fuse.s3fs")), network("FUSE (s3fs)"));
        assert_eq!(classify(FUSE, Some("fuseblk")), Verdict::Local);
        assert_eq!(classify(FUSE, Some("fuse.fuse-overlayfs")), Verdict::Local);
        assert_eq!(classify(FUSE, Some("virtiofs")), Verdict::Local);
        assert_eq!(classify(FUSE, None), Verdict::Local);
        // A kind alone means nothing without FUSE's magic number.
        assert_eq!(classify(0xEF53, Some("fuse.sshfs")), Verdict::Local);
    }

    #[test]
    fn the_mount_table_gives_a_devices_type() {
        let table = "\
22 1 8:1 / / rw,relatime shared:1 - ext4 /dev/sda1 rw
36 22 0:52 / /mnt/remote rw,nosuid,nodev,relatime shared:2 - fuse.sshfs me@host:/srv rw,user_id=0
37 22 0:53 / /mnt/disk rw,relatime shared:3 - fuseblk /dev/sdb1 rw,user_id=0
38 22 0:52 /sub /mnt/again rw,relatime shared:4 - fuse.sshfs me@host:/srv rw,user_id=0
";
        assert_eq!(mount_type_of(table, 0, 52).as_deref(), Some("fuse.sshfs"));
        assert_eq!(mount_type_of(table, 0, 53).as_deref(), Some("fuseblk"));
        assert_eq!(mount_type_of(table, 8, 1).as_deref(), Some("ext4"));
        assert_eq!(mount_type_of(table, 0, 99), None);
    }

    /// The directories the tests run in are on a local disk.
    #[test]
    fn the_temporary_directory_is_local() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        assert_eq!(of_directory(dir.path()).expect("statfs"), Verdict::Local);
    }
}
