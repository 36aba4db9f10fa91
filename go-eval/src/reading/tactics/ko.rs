//! Ko inside one search: which moves the threat balance allows, the defender's
//! immediate retake of a target captured by a ko capture, and path repetitions.
//!
//! A search runs under one [`Balance`](crate::reading::balance::Balance), turned here
//! into "may this colour retake a banned ko". Meeting a ko ban is recorded, because only
//! then can the other searches of the balance differ. Permitted retakes are conditional
//! ko captures: they are tried only up to the ko depth, as GNU Go's `ko_depth` does;
//! beyond it the search is cut (the answer is no longer certain).

use go_board::{Color, Point};

use super::search::Search;

impl Search<'_> {
    /// Whether `color` may play on `p` in this search: an empty point, not a suicide,
    /// and not a banned ko retake unless this search lets `color` retake.
    #[inline]
    pub(super) fn playable(&mut self, color: Color, p: Point) -> bool {
        if !self.board.is_empty_at(p) {
            return false;
        }
        if self.board.ko() == Some((p, color)) {
            self.ko_met = true;
            if !self.retake[color] {
                return false;
            }
            if self.ply > self.depths.ko {
                self.cut = true;
                return false;
            }
            // A ko capture is never a suicide.
            return true;
        }
        !self.board.is_suicide(color, p)
    }

    /// After the attacker's move, the target on `t` is gone. If the capture was a ko
    /// capture of that one stone, the defender may retake at `t` when this search lets
    /// it; returns that point.
    #[inline]
    pub(super) fn ko_retake(&mut self, t: Point) -> Option<Point> {
        let defender = !self.attacker;
        if self.board.ko() == Some((t, defender)) && self.playable(defender, t) {
            Some(t)
        } else {
            None
        }
    }

    /// Whether the current position (with the side to move) repeats one on the path
    /// from the root: only possible after captures.
    #[inline]
    pub(super) fn repeats(&self, key: u64) -> bool {
        self.path.contains(&key)
    }
}
