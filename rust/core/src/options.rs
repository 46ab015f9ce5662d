//! Rule options declared once: each game's `Rules` struct is written with [`rule_options!`], which gives every
//! option its name, type, default, rule number and one-line description in one table ([`RuleOptions::SPECS`]).
//! Everything else — reading and setting an option by name, the bindings' keyword arguments, getters, `repr`,
//! `to_dict` and saves, the command line's flags and the documentation's tables — is derived from that table
//! or checked against it.

pub use crate::error::RulesError;

/// The value of one option: a choice among names, a flag or a number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value<'a> {
    Choice(&'a str),
    Bool(bool),
    Int(i64),
}

/// What values an option takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// One of these names.
    Choice(&'static [&'static str]),
    Bool,
    /// A whole number from `min` to `max`.
    Int {
        min: i64,
        max: i64,
    },
}

impl Kind {
    /// What a value of this kind is, for error messages: `one of ["a", "b"]`, `True or False`, `an int from 1
    /// to 9`.
    pub fn expected(self) -> String {
        match self {
            Kind::Choice(choices) => format!("one of {choices:?}"),
            Kind::Bool => "True or False".to_owned(),
            Kind::Int { min, max } => format!("an int from {min} to {max}"),
        }
    }

    /// The name of the kind: `"choice"`, `"bool"` or `"int"`.
    pub const fn name(self) -> &'static str {
        match self {
            Kind::Choice(_) => "choice",
            Kind::Bool => "bool",
            Kind::Int { .. } => "int",
        }
    }
}

/// One row of an option table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OptionSpec {
    pub name: &'static str,
    pub kind: Kind,
    /// The rule the option changes (`"R3"`), as cited in `docs/rules/`.
    pub rule: &'static str,
    /// One line saying what the option does.
    pub doc: &'static str,
}

/// An option replaced by another (A.5: `negative_points_as_zero` by `negative_points`): the old name still
/// sets the new option, through `new_value`, and the bindings warn that it is deprecated.
#[derive(Clone, Copy, Debug)]
pub struct Renamed {
    pub old: &'static str,
    pub new: &'static str,
    /// The new option's value for a value of the old one (`None`: not a value the old option took).
    pub new_value: fn(Value<'_>) -> Option<Value<'static>>,
    /// What the old name's values mean now, for the deprecation warning.
    pub note: &'static str,
}

/// A type an option can have.
pub trait OptionType: Copy {
    const KIND: Kind;
    fn to_value(self) -> Value<'static>;
    /// `value` as this type, for the option `spec` (its kind says the bounds of a number).
    fn from_value(spec: &OptionSpec, value: Value<'_>) -> Result<Self, RulesError>;
}

fn wrong_type(spec: &OptionSpec, value: Value<'_>) -> RulesError {
    let expected = spec.kind.expected();
    let got = match value {
        Value::Choice(s) => format!("{s:?}"),
        _ => value_text(value),
    };
    RulesError {
        option: spec.name.to_owned(),
        message: format!("{} must be {expected}, not {got}", spec.name),
    }
}

impl OptionType for bool {
    const KIND: Kind = Kind::Bool;
    fn to_value(self) -> Value<'static> {
        Value::Bool(self)
    }
    fn from_value(spec: &OptionSpec, value: Value<'_>) -> Result<bool, RulesError> {
        match value {
            Value::Bool(b) => Ok(b),
            _ => Err(wrong_type(spec, value)),
        }
    }
}

macro_rules! int_option {
    ($($ty:ty),+) => {$(
        impl OptionType for $ty {
            const KIND: Kind = Kind::Int { min: 0, max: <$ty>::MAX as i64 };
            fn to_value(self) -> Value<'static> {
                Value::Int(i64::from(self))
            }
            fn from_value(spec: &OptionSpec, value: Value<'_>) -> Result<$ty, RulesError> {
                let Kind::Int { min, max } = spec.kind else { return Err(wrong_type(spec, value)) };
                match value {
                    Value::Int(i) if (min..=max).contains(&i) => {
                        <$ty>::try_from(i).map_err(|_| wrong_type(spec, value))
                    }
                    _ => Err(wrong_type(spec, value)),
                }
            }
        }
    )+};
}

int_option!(u8, u32);

/// A value as text: a choice's name, `true`/`false`, or the number.
pub fn value_text(value: Value<'_>) -> String {
    match value {
        Value::Choice(s) => s.to_owned(),
        Value::Bool(b) => b.to_string(),
        Value::Int(i) => i.to_string(),
    }
}

/// The kind of an option of type `T`, with the bounds given in its table row if any.
pub const fn kind_of<T: OptionType>(bounds: Option<(i64, i64)>) -> Kind {
    match bounds {
        Some((min, max)) => Kind::Int { min, max },
        None => T::KIND,
    }
}

/// A named set of option values that stands for a way the game is played (an engine's or a table's).
#[derive(Clone, Copy, Debug)]
pub struct Preset {
    pub name: &'static str,
    /// What it stands for, in a sentence.
    pub about: &'static str,
    /// The options it sets; every other keeps its default.
    pub values: &'static [(&'static str, Value<'static>)],
}

/// A `Rules` struct declared by [`rule_options!`].
pub trait RuleOptions: Copy + Default + PartialEq + Send + Sync + 'static {
    /// The option table, in declaration order.
    const SPECS: &'static [OptionSpec];
    /// The value of option `name`, `None` if there is no such option.
    fn get(&self, name: &str) -> Option<Value<'static>>;
    /// Sets option `name`; an unknown name or a bad value is refused and nothing changes.
    fn set(&mut self, name: &str, value: Value<'_>) -> Result<(), RulesError>;
    /// Whether the options go together: a combination the rules do not allow is refused naming the options.
    /// Every way of making rules from values (keyword arguments, saves, [`RuleOptions::with_values`]) calls it
    /// once all are set.
    fn check(&self) -> Result<(), RulesError> {
        Ok(())
    }

    /// The options replaced by others, by their old names.
    const RENAMED: &'static [Renamed] = &[];
    /// The presets, by name.
    const PRESETS: &'static [Preset] = &[];

    /// The rules of preset `name`; an unknown name is refused naming the presets there are.
    fn preset(name: &str) -> Result<Self, RulesError> {
        let Some(preset) = Self::PRESETS.iter().find(|p| p.name == name) else {
            let names: Vec<&str> = Self::PRESETS.iter().map(|p| p.name).collect();
            return Err(RulesError {
                option: "preset".into(),
                message: format!("there is no preset {name:?}; the presets are {names:?}"),
            });
        };
        Self::with_values(preset.values.iter().copied())
    }

    /// The replaced option called `name`, if it is one.
    fn renamed(name: &str) -> Option<&'static Renamed> {
        Self::RENAMED.iter().find(|r| r.old == name)
    }

    /// Sets option `name`, or the option that replaced it ([`RuleOptions::RENAMED`]); an unknown name or a bad
    /// value is refused and nothing changes.
    fn set_any(&mut self, name: &str, value: Value<'_>) -> Result<(), RulesError> {
        let Some(renamed) = Self::renamed(name) else { return self.set(name, value) };
        let new = (renamed.new_value)(value).ok_or_else(|| RulesError {
            option: name.to_owned(),
            message: format!(
                "{name} (replaced by {}) never took the value {}",
                renamed.new,
                value_text(value)
            ),
        })?;
        self.set(renamed.new, new)
    }

    /// Refuses a set of option names that gives an option both by its old name and by the new one.
    fn check_names(names: &[&str]) -> Result<(), RulesError> {
        for &name in names {
            if let Some(r) = Self::renamed(name) {
                if names.contains(&r.new) {
                    return Err(RulesError {
                        option: name.to_owned(),
                        message: format!("{name} was replaced by {}: give one of them, not both", r.new),
                    });
                }
            }
        }
        Ok(())
    }

    /// The row of option `name`.
    fn spec(name: &str) -> Result<&'static OptionSpec, RulesError> {
        Self::SPECS.iter().find(|s| s.name == name).ok_or_else(|| {
            let names: Vec<&str> = Self::SPECS.iter().map(|s| s.name).collect();
            RulesError {
                option: name.to_owned(),
                message: format!("no rule option {name:?}; the options are {names:?}"),
            }
        })
    }

    /// Every option with its value, in table order.
    fn values(&self) -> Vec<(&'static str, Value<'static>)> {
        Self::SPECS.iter().map(|s| (s.name, self.get(s.name).expect("a declared option"))).collect()
    }

    /// The defaults with the given options set; the first bad one is refused.
    fn with_values<'a>(values: impl IntoIterator<Item = (&'a str, Value<'a>)>) -> Result<Self, RulesError> {
        let values: Vec<(&str, Value<'_>)> = values.into_iter().collect();
        Self::check_names(&values.iter().map(|&(n, _)| n).collect::<Vec<_>>())?;
        let mut rules = Self::default();
        for (name, value) in values {
            rules.set_any(name, value)?;
        }
        rules.check()?;
        Ok(rules)
    }
}

/// `named_option!(Enum, Variant => "name", ...)`: gives an option's enum `CHOICES`, `name()`, `parse()` and
/// makes it an [`OptionType`].
macro_rules! named_option {
    ($ty:ident, $($variant:ident => $name:literal),+) => {
        impl $ty {
            pub const CHOICES: &'static [&'static str] = &[$($name),+];

            pub const fn name(self) -> &'static str {
                match self { $($ty::$variant => $name),+ }
            }

            /// The choice called `s`, or `None`.
            pub fn parse(s: &str) -> Option<$ty> {
                match s {
                    $($name => Some($ty::$variant),)+
                    _ => None,
                }
            }
        }

        impl $crate::options::OptionType for $ty {
            const KIND: $crate::options::Kind = $crate::options::Kind::Choice($ty::CHOICES);
            fn to_value(self) -> $crate::options::Value<'static> {
                $crate::options::Value::Choice(self.name())
            }
            fn from_value(
                spec: &$crate::options::OptionSpec,
                value: $crate::options::Value<'_>,
            ) -> Result<$ty, $crate::options::RulesError> {
                let text = $crate::options::value_text(value);
                $ty::parse(&text).ok_or_else(|| $crate::options::RulesError::not_a_choice(spec.name, &text, $ty::CHOICES))
            }
        }
    };
}

/// Declares a game's `Rules`: a struct of public fields, its `DEFAULT`, and its [`RuleOptions`] table. Each
/// field is written `/// description` `[rule] name: Type (in MIN..=MAX)? = default;`. The struct's inherent
/// `fn combination(&self) -> Result<(), RulesError>` is [`RuleOptions::check`], and its inherent
/// `const RENAMED_OPTIONS: &[Renamed]` is [`RuleOptions::RENAMED`].
macro_rules! rule_options {
    (
        $(#[$meta:meta])*
        pub struct $name:ident {
            $(
                #[doc = $doc:literal]
                [$rule:literal] $field:ident: $ty:ty $(, in $min:literal ..= $max:literal)? = $default:expr;
            )+
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub struct $name {
            $(#[doc = $doc] pub $field: $ty,)+
        }

        impl $name {
            /// Every option at its default.
            pub const DEFAULT: $name = $name { $($field: $default,)+ };
        }

        impl Default for $name {
            fn default() -> $name {
                $name::DEFAULT
            }
        }

        impl $crate::options::RuleOptions for $name {
            const RENAMED: &'static [$crate::options::Renamed] = $name::RENAMED_OPTIONS;
            const PRESETS: &'static [$crate::options::Preset] = $name::PRESET_OPTIONS;
            const SPECS: &'static [$crate::options::OptionSpec] = &[$(
                $crate::options::OptionSpec {
                    name: stringify!($field),
                    kind: $crate::options::kind_of::<$ty>(rule_options!(@bounds $($min, $max)?)),
                    rule: $rule,
                    doc: $doc,
                },
            )+];

            fn get(&self, name: &str) -> Option<$crate::options::Value<'static>> {
                match name {
                    $(stringify!($field) => Some($crate::options::OptionType::to_value(self.$field)),)+
                    _ => None,
                }
            }

            fn set(&mut self, name: &str, value: $crate::options::Value<'_>) -> Result<(), $crate::options::RulesError> {
                let spec = <$name as $crate::options::RuleOptions>::spec(name)?;
                match name {
                    $(stringify!($field) => {
                        self.$field = <$ty as $crate::options::OptionType>::from_value(spec, value)?;
                    })+
                    _ => unreachable!("spec() found the option"),
                }
                Ok(())
            }

            fn check(&self) -> Result<(), $crate::options::RulesError> {
                self.combination()
            }
        }
    };
    (@bounds) => { None };
    (@bounds $min:literal, $max:literal) => { Some(($min, $max)) };
}

pub(crate) use {named_option, rule_options};
