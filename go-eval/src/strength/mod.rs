//! The strength of kosumi-ren, learned with a decision tree from game records, and the
//! candidate moves it suggests: Abe and Kotani's "Learning the strength of strings
//! using decision tree in Go" (the seed `kosumi-ren-id3-strength`), reproduced and
//! extended.
//!
//! The strength of a kosumi-ren ([`crate::kosumi`]) is how far moves stay away from
//! it: the distance, 2 to 6, at which a move is played from it along one of four lanes
//! ([`lanes`]). Every move that touches no stone gives [`samples`]: the features of
//! the nearest kosumi-ren of each lane, labelled with its distance. A decision tree
//! ([`id3`], ID3 as the paper grew it or C4.5) learns the strength from them
//! ([`model::StrengthModel`], saved as JSON); the [`candidates`] generator scores
//! every point by how near it is to the proper distance of the kosumi-ren around it,
//! corrected by height, and proposes the best. [`baselines`] holds the generators the
//! paper and the reference notes compare with (potential, locality).
//!
//! Every choice the paper leaves open is stated in the module that makes it.

pub mod baselines;
pub mod candidates;
pub mod combined;
pub mod height;
pub mod id3;
pub mod lanes;
pub mod model;
pub mod samples;
