//! The pattern library shipped with the crate: the seed paper's examples and a basic
//! set of opening, shape and tactical patterns with a few joseki lines, all written
//! for this crate.
//!
//! # Examples
//!
//! ```
//! let set = go_patterns::library::standard();
//! assert!(set.find("hane_at_the_head_of_two").is_some());
//! assert!(set.find("hosi_kogeima_nikentakabasami").is_some());
//! ```

use std::sync::OnceLock;

use crate::PatternSet;

/// The seed paper's figures 1, 2, 5 and 8.
pub const SEED: &str = include_str!("../patterns/seed.gpat");

/// The basic opening, shape, tactics and joseki patterns.
pub const STANDARD: &str = include_str!("../patterns/standard.gpat");

/// Corner sequences mined from 2,832 professional games (the training part of the
/// workspace's split, moves played by at least 10 games at their place), as one
/// sequence pattern `mined_joseki`; rebuilt by `go-lab joseki-mine --games DIR --out
/// FILE` (reproducible: the split and the tree depend on the games only). Not part of
/// [`standard`]: compile it on its own with [`mined_joseki`].
pub const JOSEKI: &str = include_str!("../patterns/joseki.gpat");

/// The mined joseki ([`JOSEKI`]), compiled once.
///
/// # Panics
///
/// Never: the file is compiled in the crate's tests.
pub fn mined_joseki() -> &'static PatternSet {
    static SET: OnceLock<PatternSet> = OnceLock::new();
    SET.get_or_init(|| match PatternSet::compile(JOSEKI) {
        Ok(set) => set,
        Err(e) => panic!("the shipped joseki file does not compile:\n{e}"),
    })
}

/// The source of the whole library: [`SEED`] then [`STANDARD`] (each file's `program`
/// header removed).
pub fn source() -> String {
    let strip =
        |s: &str| s.lines().filter(|l| !l.starts_with("program ")).collect::<Vec<_>>().join("\n");
    format!("program library\n\n{}\n\n{}\n", strip(SEED), strip(STANDARD))
}

/// The whole library, compiled once.
///
/// # Panics
///
/// Never: the library is compiled in the crate's tests.
pub fn standard() -> &'static PatternSet {
    static SET: OnceLock<PatternSet> = OnceLock::new();
    SET.get_or_init(|| match PatternSet::compile(&source()) {
        Ok(set) => set,
        Err(e) => panic!("the shipped library does not compile:\n{e}"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_library_compiles_without_warnings() {
        let set = standard();
        assert!(set.warnings().is_empty(), "{:?}", set.warnings());
        assert!(set.len() >= 15, "{}", set.len());
        for file in [SEED, STANDARD] {
            let set = PatternSet::compile(file).unwrap_or_else(|e| panic!("{e}"));
            assert!(set.warnings().is_empty());
        }
    }
}
