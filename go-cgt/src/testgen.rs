//! Test-only: a deterministic generator of small games as text.

/// A deterministic generator of small games as text (numbers with small
/// denominators, nested braces), for the differential tests.
pub(crate) struct Games(pub(crate) u64);

impl Games {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    pub(crate) fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    pub(crate) fn number(&mut self) -> String {
        let d = [1, 2, 4][self.below(3) as usize];
        format!("{}/{d}", self.below(13) as i64 - 6)
    }

    pub(crate) fn game(&mut self, depth: u32) -> String {
        if depth == 0 || self.below(4) == 0 {
            return self.number();
        }
        let side = |g: &mut Games| {
            (0..1 + g.below(2)).map(|_| g.game(depth - 1)).collect::<Vec<_>>().join(",")
        };
        format!("{{{}|{}}}", side(self), side(self))
    }

    pub(crate) fn switch(&mut self) -> String {
        let (a, b) = (self.number(), self.number());
        format!("{{{a}|{b}}}")
    }
}
