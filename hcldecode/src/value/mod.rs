//! Values of the HCL information model (the cty value system).

mod number;

pub use number::{Number, NumberError};

/// A value of the HCL information model. (Skeleton: the full value system
/// lands with the values work.)
#[derive(Clone, Debug)]
pub struct Value;
