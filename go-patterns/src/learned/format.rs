//! The file format of a [`LearnedPatterns`] model: see the module documentation.

use core::fmt;
use std::path::Path;

use super::dictionary::{Dictionary, DictionaryError};
use super::factors::{FactorConfig, Factors};
use super::features::{FeatureGroup, TACTICAL};
use super::geometry::{GEOMETRY, MAX_SIZE, MIN_SIZE};
use super::model::LearnedPatterns;
use super::shape::{Shape, ShapeCell};

const MAGIC: &[u8; 8] = b"GOPLEARN";
const VERSION: u16 = 3;

/// The tactical groups of a file of each version: 9 in version 1 (before
/// [`FeatureGroup::Place`]), 10 in version 2 (before [`FeatureGroup::Owner`]), all in
/// version 3.
const fn groups_of(version: u16) -> usize {
    match version {
        1 => 9,
        2 => 10,
        _ => TACTICAL,
    }
}

/// The largest model file [`LearnedPatterns::load`] reads.
pub const MAX_FILE_BYTES: u64 = 256 << 20;

/// Why a model could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadError {
    /// The file, when read from one.
    path: Option<String>,
    /// The byte where the problem is (0 for problems with the whole file).
    offset: usize,
    kind: LoadErrorKind,
}

/// The kinds of [`LoadError`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum LoadErrorKind {
    /// The file does not start with the magic bytes `GOPLEARN`.
    NotAModel,
    /// A version this crate cannot read.
    Version(u16),
    /// The file ends early.
    Truncated,
    /// The number of tactical groups or of a group's levels differs from this version's.
    Groups {
        /// The group (`None` for the number of groups).
        group: Option<FeatureGroup>,
        /// The number in the file.
        found: usize,
        /// The number expected.
        expected: usize,
    },
    /// A gamma is not finite and positive.
    Gamma(String),
    /// A shape's size is not 3 to 10.
    ShapeSize {
        /// The shape's index.
        shape: usize,
        /// The size in the file.
        size: u8,
    },
    /// A shape's unused bits are not 0.
    Padding {
        /// The shape's index.
        shape: usize,
    },
    /// A shape is an image of an earlier one.
    Duplicate {
        /// The shape's index.
        shape: usize,
        /// The earlier one.
        first: usize,
    },
    /// A shape's inner disc is not in the model.
    NotClosed {
        /// The shape's index.
        shape: usize,
    },
    /// A latent-factor vector has a number that is not finite, or more dimensions
    /// than [`FactorConfig::MAX_DIMENSIONS`](crate::learned::FactorConfig::MAX_DIMENSIONS).
    Factor(String),
    /// Bytes between the last shape (or the latent factors) and the checksum.
    TrailingBytes,
    /// The checksum does not match.
    Checksum,
    /// The file cannot be read (or is larger than [`MAX_FILE_BYTES`]).
    Io(String),
}

impl LoadError {
    fn new(offset: usize, kind: LoadErrorKind) -> LoadError {
        LoadError { path: None, offset, kind }
    }

    /// The byte where the problem is.
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// What the problem is.
    pub fn kind(&self) -> &LoadErrorKind {
        &self.kind
    }
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(path) = &self.path {
            write!(f, "{path}: ")?;
        }
        write!(f, "learned patterns, byte {}: ", self.offset)?;
        match &self.kind {
            LoadErrorKind::NotAModel => {
                f.write_str("not a learned-patterns file (no GOPLEARN magic)")
            }
            LoadErrorKind::Version(v) => {
                write!(f, "format version {v}, this crate reads versions 1 to {VERSION}")
            }
            LoadErrorKind::Truncated => f.write_str("the file ends early"),
            LoadErrorKind::Groups { group: None, found, expected } => {
                write!(f, "{found} tactical groups, expected {expected}")
            }
            LoadErrorKind::Groups { group: Some(g), found, expected } => {
                write!(f, "group {g} has {found} levels, expected {expected}")
            }
            LoadErrorKind::Gamma(what) => write!(f, "gamma of {what} is not finite and positive"),
            LoadErrorKind::ShapeSize { shape, size } => {
                write!(f, "shape {shape} has size {size}, expected {MIN_SIZE} to {MAX_SIZE}")
            }
            LoadErrorKind::Padding { shape } => write!(f, "shape {shape} has unused bits set"),
            LoadErrorKind::Duplicate { shape, first } => {
                write!(f, "shape {shape} repeats shape {first} (or one of its images)")
            }
            LoadErrorKind::NotClosed { shape } => {
                write!(f, "shape {shape} is in the file but its inner disc is not")
            }
            LoadErrorKind::Factor(what) => write!(f, "latent factors: {what}"),
            LoadErrorKind::TrailingBytes => f.write_str("bytes after the last shape"),
            LoadErrorKind::Checksum => {
                f.write_str("checksum mismatch (the file is damaged or truncated)")
            }
            LoadErrorKind::Io(e) => f.write_str(e),
        }
    }
}

impl std::error::Error for LoadError {}

/// FNV-1a, 64 bits.
fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// The bytes of a shape's cells.
fn cell_bytes(size: u8) -> usize {
    GEOMETRY.cells_of(size).div_ceil(4)
}

/// Writes a model.
pub(crate) fn write(model: &LearnedPatterns) -> Vec<u8> {
    let mut out = Vec::new();
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    let tactical = model.tactical_gammas();
    out.push(tactical.len() as u8);
    for gammas in tactical {
        out.push(gammas.len() as u8);
        for g in gammas {
            out.extend_from_slice(&g.to_le_bytes());
        }
    }
    let shapes = model.dictionary().shapes();
    out.extend_from_slice(&(shapes.len() as u32).to_le_bytes());
    for (shape, gamma) in shapes.iter().zip(model.shape_gammas()) {
        out.push(shape.size());
        let mut bytes = vec![0u8; cell_bytes(shape.size())];
        for k in 0..shape.len() {
            bytes[k / 4] |= shape.cell(k).bits() << (2 * (k % 4));
        }
        out.extend_from_slice(&bytes);
        out.extend_from_slice(&gamma.to_le_bytes());
    }
    match model.factors() {
        None => out.push(0),
        Some(factors) => {
            out.push(factors.k as u8);
            for &x in factors.tactical.iter().flatten().chain(&factors.shape) {
                out.extend_from_slice(&half::f16::from_f32(x).to_le_bytes());
            }
        }
    }
    let sum = fnv1a(&out);
    out.extend_from_slice(&sum.to_le_bytes());
    out
}

/// A cursor over the file's bytes.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], LoadError> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.bytes.len());
        let end = end.ok_or(LoadError::new(self.at, LoadErrorKind::Truncated))?;
        let slice = &self.bytes[self.at..end];
        self.at = end;
        Ok(slice)
    }

    fn u8(&mut self) -> Result<u8, LoadError> {
        Ok(self.take(1)?[0])
    }

    fn u16(&mut self) -> Result<u16, LoadError> {
        Ok(u16::from_le_bytes(self.take(2)?.try_into().expect("2 bytes")))
    }

    fn u32(&mut self) -> Result<u32, LoadError> {
        Ok(u32::from_le_bytes(self.take(4)?.try_into().expect("4 bytes")))
    }

    fn gamma(&mut self, what: impl FnOnce() -> String) -> Result<f32, LoadError> {
        let at = self.at;
        let g = f32::from_le_bytes(self.take(4)?.try_into().expect("4 bytes"));
        if g.is_finite() && g > 0.0 {
            Ok(g)
        } else {
            Err(LoadError::new(at, LoadErrorKind::Gamma(what())))
        }
    }
}

/// Reads a model.
pub(crate) fn read(bytes: &[u8]) -> Result<LearnedPatterns, LoadError> {
    let mut r = Reader { bytes, at: 0 };
    if bytes.len() < MAGIC.len() || &bytes[..MAGIC.len()] != MAGIC {
        return Err(LoadError::new(0, LoadErrorKind::NotAModel));
    }
    r.take(MAGIC.len())?;
    let at = r.at;
    let version = r.u16()?;
    if version == 0 || version > VERSION {
        return Err(LoadError::new(at, LoadErrorKind::Version(version)));
    }
    // The checksum first: damage anywhere is reported as damage.
    let Some(body) = bytes.len().checked_sub(8).filter(|&b| b >= r.at) else {
        return Err(LoadError::new(bytes.len(), LoadErrorKind::Truncated));
    };
    let sum = u64::from_le_bytes(bytes[body..].try_into().expect("8 bytes"));
    if sum != fnv1a(&bytes[..body]) {
        return Err(LoadError::new(body, LoadErrorKind::Checksum));
    }
    let mut r = Reader { bytes: &bytes[..body], at: r.at };
    let at = r.at;
    let groups = usize::from(r.u8()?);
    // Older versions have the first groups; the others keep gammas of 1 (no effect).
    let expected = groups_of(version);
    if groups != expected {
        return Err(LoadError::new(
            at,
            LoadErrorKind::Groups { group: None, found: groups, expected },
        ));
    }
    let mut tactical: [Vec<f32>; TACTICAL] =
        FeatureGroup::TACTICAL.map(|g| vec![1.0; g.levels().len()]);
    for (g, gammas) in FeatureGroup::TACTICAL.into_iter().zip(&mut tactical).take(groups) {
        gammas.clear();
        let at = r.at;
        let levels = usize::from(r.u8()?);
        if levels != g.levels().len() {
            return Err(LoadError::new(
                at,
                LoadErrorKind::Groups { group: Some(g), found: levels, expected: g.levels().len() },
            ));
        }
        for l in 0..levels {
            gammas.push(r.gamma(|| format!("{}:{}", g.name(), g.levels()[l]))?);
        }
    }
    let count = r.u32()? as usize;
    // Every shape takes at least 7 bytes: never reserve more than the file can hold.
    let mut shapes = Vec::with_capacity(count.min(bytes.len() / 7));
    let mut gammas = Vec::with_capacity(count.min(bytes.len() / 7));
    let mut starts = Vec::with_capacity(count.min(bytes.len() / 7));
    for index in 0..count {
        let start = r.at;
        starts.push(start);
        let size = r.u8()?;
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(LoadError::new(start, LoadErrorKind::ShapeSize { shape: index, size }));
        }
        let n = GEOMETRY.cells_of(size);
        let cells = r.take(cell_bytes(size))?;
        let unused = (n..cells.len() * 4).any(|k| (cells[k / 4] >> (2 * (k % 4))) & 3 != 0);
        if unused {
            return Err(LoadError::new(start, LoadErrorKind::Padding { shape: index }));
        }
        let shape = Shape::from_cells(
            size,
            (0..n).map(|k| ShapeCell::from_bits(cells[k / 4] >> (2 * (k % 4)))),
        );
        shapes.push(shape);
        gammas.push(r.gamma(|| format!("shape {index}"))?);
    }
    let factors = if version >= 3 { read_factors(&mut r, gammas.len())? } else { None };
    if r.at != body {
        return Err(LoadError::new(r.at, LoadErrorKind::TrailingBytes));
    }
    let dictionary = Dictionary::new(shapes).map_err(|e| match e {
        DictionaryError::NotClosed { index } => {
            LoadError::new(starts[index], LoadErrorKind::NotClosed { shape: index })
        }
        DictionaryError::Duplicate { index, first } => {
            LoadError::new(starts[index], LoadErrorKind::Duplicate { shape: index, first })
        }
        DictionaryError::TooMany => {
            LoadError::new(body, LoadErrorKind::Io("too many shapes".into()))
        }
    })?;
    Ok(LearnedPatterns::from_parts(std::sync::Arc::new(dictionary), tactical, gammas)
        .with_factors(factors))
}

/// Reads the latent factors of a version-3 file: their dimension `k` (0 for none), then
/// `k` numbers per tactical level (in group order) and per shape.
fn read_factors(r: &mut Reader<'_>, shapes: usize) -> Result<Option<Factors>, LoadError> {
    let at = r.at;
    let k = usize::from(r.u8()?);
    if k == 0 {
        return Ok(None);
    }
    if k > FactorConfig::MAX_DIMENSIONS {
        return Err(LoadError::new(
            at,
            LoadErrorKind::Factor(format!(
                "{k} dimensions, at most {} are allowed",
                FactorConfig::MAX_DIMENSIONS
            )),
        ));
    }
    let mut vector = |n: usize, what: &dyn Fn(usize) -> String| -> Result<Vec<f32>, LoadError> {
        // Never reserve more than the file holds.
        let mut out = Vec::with_capacity((n * k).min(r.bytes.len() / 2));
        for i in 0..n {
            for _ in 0..k {
                let at = r.at;
                let x = half::f16::from_le_bytes(r.take(2)?.try_into().expect("2 bytes"));
                let x = x.to_f32();
                if !x.is_finite() {
                    return Err(LoadError::new(
                        at,
                        LoadErrorKind::Factor(format!("the vector of {} is not finite", what(i))),
                    ));
                }
                out.push(x);
            }
        }
        Ok(out)
    };
    let mut tactical: [Vec<f32>; TACTICAL] = Default::default();
    for (g, out) in FeatureGroup::TACTICAL.into_iter().zip(&mut tactical) {
        *out = vector(g.levels().len(), &|l| format!("{}:{}", g.name(), g.levels()[l]))?;
    }
    let shape = vector(shapes, &|i| format!("shape {i}"))?;
    Ok(Some(Factors { k, tactical, shape }))
}

impl LearnedPatterns {
    /// The model in the file format of [`crate::learned`] (version 3).
    pub fn to_bytes(&self) -> Vec<u8> {
        write(self)
    }

    /// Reads a model written by [`LearnedPatterns::to_bytes`].
    ///
    /// # Errors
    ///
    /// A [`LoadError`] naming the byte and the problem: not a model, another version, a
    /// truncated or damaged file (checksum), group sizes of another feature set, a gamma
    /// that is not finite and positive, a bad shape, repeated shapes, or a shape whose
    /// inner disc is missing.
    pub fn from_bytes(bytes: &[u8]) -> Result<LearnedPatterns, LoadError> {
        read(bytes)
    }

    /// The model that ships with the crate (`models/learned-pro.bin`: 21,098 shapes and
    /// latent factors of 16 dimensions), learned from professional games by `go-lab
    /// patterns learn` (the crate's README gives the command and the games). It asks
    /// [`BoardOnly`](crate::BoardOnly), that is nobody, for ladders and ownership until
    /// it is given an oracle ([`LearnedPatterns::with_oracle`]): its ladder and owner
    /// levels were fitted with go-eval's ladder reader and Bouzy maps, so give it
    /// go-eval's `ReadingOracle`.
    ///
    /// # Errors
    ///
    /// Never in practice: the embedded file is checked by the tests; a damaged build
    /// would give the [`LoadError`] of [`LearnedPatterns::from_bytes`].
    ///
    /// # Examples
    ///
    /// ```
    /// use go_patterns::LearnedPatterns;
    /// let model = LearnedPatterns::shipped()?;
    /// assert!(model.shape_count() > 0);
    /// # Ok::<_, go_patterns::learned::LoadError>(())
    /// ```
    pub fn shipped() -> Result<LearnedPatterns, LoadError> {
        read(include_bytes!("../../models/learned-pro.bin"))
    }

    /// Reads a model from a file of at most [`MAX_FILE_BYTES`].
    ///
    /// # Errors
    ///
    /// As [`LearnedPatterns::from_bytes`], and [`LoadErrorKind::Io`] (with the file's
    /// name) when the file cannot be read or is too large.
    pub fn load(path: &Path) -> Result<LearnedPatterns, LoadError> {
        use std::io::Read;
        let io = |e: String| LoadError {
            path: Some(path.display().to_string()),
            offset: 0,
            kind: LoadErrorKind::Io(e),
        };
        let file = std::fs::File::open(path).map_err(|e| io(e.to_string()))?;
        let mut bytes = Vec::new();
        file.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes).map_err(|e| io(e.to_string()))?;
        if bytes.len() as u64 > MAX_FILE_BYTES {
            return Err(io(format!("larger than {MAX_FILE_BYTES} bytes")));
        }
        read(&bytes).map_err(|e| LoadError { path: Some(path.display().to_string()), ..e })
    }
}
