//! Plain-text tables for command output: columns padded to their widest cell.

use std::io::{self, Write};

/// Writes `header` and `rows`; the last column is not padded.
pub fn write<const N: usize>(
    out: &mut impl Write,
    header: &[&str; N],
    rows: &[[String; N]],
) -> io::Result<()> {
    let mut widths = header.map(|h| h.chars().count());
    for row in rows {
        for (width, cell) in widths.iter_mut().zip(row) {
            *width = (*width).max(cell.chars().count());
        }
    }
    let header = header.map(str::to_owned);
    for row in std::iter::once(&header).chain(rows) {
        let mut line = String::new();
        for (i, cell) in row.iter().enumerate() {
            if i + 1 == N {
                line.push_str(cell);
            } else {
                line.push_str(cell);
                line.extend(std::iter::repeat_n(
                    ' ',
                    widths[i] - cell.chars().count() + 2,
                ));
            }
        }
        writeln!(out, "{}", line.trim_end())?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn pads_by_characters() {
        let mut out = Vec::new();
        let rows = [
            ["kazan".to_owned(), "Казань".to_owned()],
            ["a".to_owned(), "b".to_owned()],
        ];
        super::write(&mut out, &["SLUG", "NAME"], &rows).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "SLUG   NAME\nkazan  Казань\na      b\n"
        );
    }
}
