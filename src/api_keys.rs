//! API key material: generating a key, and the hash that is all the database ever holds.
//!
//! A key is `tk_` followed by 64 hex digits (256 random bits from the operating system).
//! It is shown once, when created; only its SHA-256 is stored, and lookups go by that hash. Timing
//! of the lookup reveals nothing useful: it depends on the hash of a 256-bit secret, not on how
//! much of a guess is right. This module never logs, stores or returns a key after creation.

use sha2::{Digest, Sha256};

/// What every key starts with, so a leaked key is recognisable (and scannable).
pub const PREFIX: &str = "tk_";
/// How many leading characters of a key are kept to tell keys apart in lists.
pub const SHOWN_CHARS: usize = 11;
/// At most this many active keys per space (the specification's limit).
pub const MAX_ACTIVE_PER_SPACE: i64 = 10;

/// A new key: the text to show once, the part kept for lists, and the stored hash.
pub struct NewKey {
    pub plaintext: String,
    pub shown: String,
    pub hash: String,
}

pub fn generate() -> Result<NewKey, getrandom::Error> {
    let mut secret = [0u8; 32];
    getrandom::fill(&mut secret)?;
    let plaintext = format!("{PREFIX}{}", hex::encode(secret));
    Ok(NewKey {
        shown: plaintext[..SHOWN_CHARS].to_owned(),
        hash: hash(&plaintext),
        plaintext,
    })
}

/// The stored form of a key: lowercase hex SHA-256.
pub fn hash(key: &str) -> String {
    KeyHash::of(key).as_str().to_owned()
}

/// [`hash`] held in place, for a request's lookup.
pub struct KeyHash([u8; 64]);

impl KeyHash {
    pub fn of(key: &str) -> KeyHash {
        let mut hex = [b'0'; 64];
        // 32 bytes are always 64 hex digits.
        let _ = hex::encode_to_slice(Sha256::digest(key.as_bytes()), &mut hex);
        KeyHash(hex)
    }

    pub fn as_str(&self) -> &str {
        // Hex digits are ASCII.
        std::str::from_utf8(&self.0).unwrap_or_default()
    }
}

/// Whether `text` has the shape of a key (checked before hashing a header value).
pub fn looks_like_key(text: &str) -> bool {
    text.len() == PREFIX.len() + 64
        && text.starts_with(PREFIX)
        && text[PREFIX.len()..].bytes().all(|b| b.is_ascii_hexdigit())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_random_prefixed_and_stored_hashed() {
        let (one, two) = (generate().unwrap(), generate().unwrap());
        assert_ne!(one.plaintext, two.plaintext);
        assert!(looks_like_key(&one.plaintext));
        assert_eq!(one.shown, &one.plaintext[..11]);
        assert_eq!(one.hash, hash(&one.plaintext));
        assert_eq!(one.hash.len(), 64);
        assert!(!one.hash.contains(&one.plaintext[3..]));
    }

    #[test]
    fn hash_is_sha256_hex() {
        assert_eq!(
            hash("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }

    #[test]
    fn only_key_shaped_text_looks_like_a_key() {
        for bad in [
            "",
            "tk_",
            "Bearer tk_",
            "tk_xyz",
            &format!("tk_{}", "g".repeat(64)),
            &format!("sk_{}", "a".repeat(64)),
        ] {
            assert!(!looks_like_key(bad), "{bad}");
        }
    }
}
