//! Named rule options: the error for a bad value and a macro giving an option enum its names.

use std::fmt;

/// An option value that is not one of the choices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesError {
    pub option: &'static str,
    pub value: String,
    pub choices: &'static [&'static str],
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} must be one of {:?}, not {:?}", self.option, self.choices, self.value)
    }
}

impl std::error::Error for RulesError {}

/// `named_option!(Enum, "option_name", Variant => "name", ...)`: gives the enum `CHOICES`, `name()`, `parse()`.
macro_rules! named_option {
    ($ty:ident, $option:literal, $($variant:ident => $name:literal),+) => {
        impl $ty {
            pub const CHOICES: &'static [&'static str] = &[$($name),+];

            pub const fn name(self) -> &'static str {
                match self { $($ty::$variant => $name),+ }
            }

            pub fn parse(s: &str) -> Result<$ty, $crate::options::RulesError> {
                match s {
                    $($name => Ok($ty::$variant),)+
                    _ => Err($crate::options::RulesError { option: $option, value: s.to_owned(), choices: $ty::CHOICES }),
                }
            }
        }
    };
}

pub(crate) use named_option;
