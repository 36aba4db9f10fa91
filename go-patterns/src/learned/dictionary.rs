//! The shape dictionary: every image of every learned shape, keyed by its Zobrist key in
//! an open-addressing table, so that finding the shapes around a point takes one probe
//! per size.

use super::shape::{Padded, Shape};
use go_board::Point;

/// An empty slot's key. A real key equal to it is stored with the next key instead
/// (`key | 1` never equals 0 after the salt; see `slot_key`).
const EMPTY: u64 = 0;

/// The key stored for a shape key: never [`EMPTY`].
#[inline]
fn slot_key(key: u64) -> u64 {
    if key == EMPTY { 1 } else { key }
}

/// Learned shapes, looked up by the surroundings of a point.
///
/// The dictionary is closed under shrinking: with every shape of size `d > 3` it holds
/// the shape's inner disc of size `d - 1` (a harvest by count always is, since a larger
/// shape is never more frequent than its inner disc). So the largest shape around a point
/// is found by probing the sizes upwards until one is missing.
#[derive(Clone, Debug, Default)]
pub(crate) struct Dictionary {
    /// The canonical shapes, by id.
    shapes: Vec<Shape>,
    /// `(key, id)` slots; the table's length is a power of two.
    slots: Vec<(u64, u32)>,
}

/// Why shapes cannot make a dictionary.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum DictionaryError {
    /// Shape `index` of size `d > 3` has no inner disc in the dictionary.
    NotClosed { index: usize },
    /// Shape `index` is (an image of) shape `first`.
    Duplicate { index: usize, first: usize },
    /// Too many shapes for 32-bit ids.
    TooMany,
}

impl Dictionary {
    /// A dictionary of `shapes` (any orientation; they are stored canonical), ids in
    /// their order.
    pub(crate) fn new(shapes: Vec<Shape>) -> Result<Dictionary, DictionaryError> {
        if shapes.len() >= u32::MAX as usize / 2 {
            return Err(DictionaryError::TooMany);
        }
        let shapes: Vec<Shape> = shapes.iter().map(Shape::canonical).collect();
        let variants: usize = shapes.len() * 8;
        let capacity = (2 * variants).next_power_of_two().max(16);
        let mut dictionary = Dictionary { shapes: Vec::new(), slots: vec![(EMPTY, 0); capacity] };
        for (index, shape) in shapes.iter().enumerate() {
            if let Some(first) = dictionary.get(shape) {
                return Err(DictionaryError::Duplicate { index, first: first as usize });
            }
            for v in shape.variants() {
                dictionary.insert(v.key(), index as u32);
            }
        }
        for (index, shape) in shapes.iter().enumerate() {
            if let Some(inner) = shape.shrink()
                && dictionary.get(&inner).is_none()
            {
                return Err(DictionaryError::NotClosed { index });
            }
        }
        dictionary.shapes = shapes;
        Ok(dictionary)
    }

    fn insert(&mut self, key: u64, id: u32) {
        let key = slot_key(key);
        let mask = self.slots.len() - 1;
        let mut i = (key as usize) & mask;
        loop {
            let slot = &mut self.slots[i];
            if slot.0 == EMPTY || slot.0 == key {
                *slot = (key, id);
                return;
            }
            i = (i + 1) & mask;
        }
    }

    /// The id of the shape whose key is `key`.
    #[inline]
    pub(crate) fn probe(&self, key: u64) -> Option<u32> {
        let key = slot_key(key);
        let mask = self.slots.len() - 1;
        let mut i = (key as usize) & mask;
        loop {
            let (k, id) = self.slots[i];
            if k == key {
                return Some(id);
            }
            if k == EMPTY {
                return None;
            }
            i = (i + 1) & mask;
        }
    }

    /// The id of `shape` (any orientation).
    pub(crate) fn get(&self, shape: &Shape) -> Option<u32> {
        self.probe(shape.key())
    }

    /// The id of the largest shape around `point` on a padded board.
    #[inline]
    pub(crate) fn largest(&self, padded: &Padded, point: Point) -> Option<u32> {
        let mut found = None;
        padded.scan(point, |_, key| match self.probe(key) {
            Some(id) => {
                found = Some(id);
                true
            }
            None => false,
        });
        found
    }

    /// The canonical shapes, by id.
    pub(crate) fn shapes(&self) -> &[Shape] {
        &self.shapes
    }

    /// The heap bytes of the table and the shapes.
    pub(crate) fn heap_bytes(&self) -> usize {
        self.slots.capacity() * size_of::<(u64, u32)>()
            + self.shapes.capacity() * size_of::<Shape>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use go_board::{Board, BoardSize, Color, Symmetry};

    #[test]
    fn closed_dictionaries_only() {
        let board = Board::from_diagram(". . . .\n. X O .\n. . X .\n. . . .").unwrap();
        let p = Point::parse_gtp("C2", board.size()).unwrap();
        let s3 = Shape::at(&board, p, Color::Black, 3).unwrap();
        let s4 = Shape::at(&board, p, Color::Black, 4).unwrap();
        assert_eq!(Dictionary::new(vec![s4]).unwrap_err(), DictionaryError::NotClosed { index: 0 });
        let d = Dictionary::new(vec![s3, s4.transform(Symmetry::ALL[5])]).unwrap();
        assert_eq!(d.get(&s4), Some(1));
        assert_eq!(
            Dictionary::new(vec![s3, s3.transform(Symmetry::ALL[3])]).unwrap_err(),
            DictionaryError::Duplicate { index: 1, first: 0 }
        );
        // The largest shape around a point, in every orientation of the board.
        let size = board.size();
        for s in Symmetry::ALL {
            let mut image = Board::new(s.apply_size(size));
            for q in size.points() {
                image.set_point(s.apply(q, size), board.color_at(q)).unwrap();
            }
            let mut padded = Padded::new();
            padded.load(&image, Color::Black);
            assert_eq!(d.largest(&padded, s.apply(p, size)), Some(1));
            padded.load(&image, Color::White);
            assert_eq!(d.largest(&padded, s.apply(p, size)), None);
        }
        let empty = Board::new(BoardSize::square(9).unwrap());
        let mut padded = Padded::new();
        padded.load(&empty, Color::Black);
        assert_eq!(d.largest(&padded, Point::parse_gtp("E5", empty.size()).unwrap()), None);
    }
}
