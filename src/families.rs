//! The one list of the game families (OpenSpiel's game registration is the model). From the
//! list at the bottom of this file come the enums over every family (`RuleSet`, `AnyMove`,
//! `AnyObservation`, `AnyDeal`, `AnyGame`, `AnyMoves`, re-exported by `crate::any`) and the macros
//! that dispatch to the family a value holds (`each_family!`, `same_family!`), which
//! `any`, simulation, history, the encodings and the bindings are written with. A family
//! is a folder of `src/` whose `Game` implements `State`, `Searchable` and `Encoded`, and
//! one line below.

macro_rules! families {
    ($d:tt $($family:ident: $module:ident),* $(,)?) => {
        /// One validated rule set of any family.
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
        pub enum RuleSet {
            $($family(crate::$module::Rules)),*
        }

        /// A move of any family.
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
        pub enum AnyMove {
            $($family(crate::$module::Move)),*
        }

        /// What one seat of any family may know.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum AnyObservation {
            $($family(crate::$module::Observation)),*
        }

        /// One finished deal of any family.
        #[derive(Clone, Copy, Debug)]
        pub enum AnyDeal {
            $($family(crate::$module::DealResult)),*
        }

        /// A match of any family: the closed enum the bindings hold.
        #[derive(Clone, Debug)]
        pub enum AnyGame {
            $($family(crate::$module::Game)),*
        }

        impl RuleSet {
            /// The rule set of the arguments when `name` is a rule set of some family (read
            /// in any case, as card text is), with that family's checks; None otherwise.
            pub fn of_family(
                name: Option<&crate::ruleargs::Arg>,
                players: &crate::ruleargs::Arg,
                target: &crate::ruleargs::Arg,
                options: &[(crate::ruleargs::Arg, crate::ruleargs::Arg)],
            ) -> Option<Result<RuleSet, crate::Error>> {
                use crate::state::GameRules;
                let text = match name {
                    Some(crate::ruleargs::Arg { kind: crate::ruleargs::ArgKind::Str(s), .. }) => s,
                    _ => return None,
                };
                $(
                    let names = <crate::$module::Rules as GameRules>::NAMES;
                    if names.iter().any(|n| n.eq_ignore_ascii_case(text)) {
                        let rules = <crate::$module::Rules as GameRules>::from_args(name, players, target, options);
                        return Some(rules.map(RuleSet::$family));
                    }
                )*
                None
            }
        }

        /// Every family's rule sets' names, in the order messages list them (the
        /// families' order, then each family's).
        pub fn rule_set_names() -> Vec<&'static str> {
            use crate::state::GameRules;
            let mut names = Vec::new();
            $(names.extend_from_slice(<crate::$module::Rules as GameRules>::NAMES);)*
            names
        }

        /// The legal moves of a position of one family, listed: a buffer kept between calls.
        #[derive(Clone, Debug)]
        pub enum AnyMoves {
            $($family(Vec<crate::$module::Move>)),*
        }

        impl AnyMoves {
            /// An empty buffer for the moves of `g`'s family.
            pub fn of(g: &AnyGame) -> AnyMoves {
                match g {
                    $(AnyGame::$family(_) => AnyMoves::$family(Vec::new()),)*
                }
            }

            /// The `j`th move listed.
            pub fn get(&self, j: usize) -> Option<AnyMove> {
                match self {
                    $(AnyMoves::$family(v) => v.get(j).map(|m| AnyMove::$family(*m)),)*
                }
            }

            pub fn clear(&mut self) {
                match self {
                    $(AnyMoves::$family(v) => v.clear(),)*
                }
            }
        }

        $(
            impl From<crate::$module::Rules> for RuleSet {
                fn from(r: crate::$module::Rules) -> RuleSet {
                    RuleSet::$family(r)
                }
            }
            impl From<crate::$module::Move> for AnyMove {
                fn from(m: crate::$module::Move) -> AnyMove {
                    AnyMove::$family(m)
                }
            }
            impl From<crate::$module::Observation> for AnyObservation {
                fn from(o: crate::$module::Observation) -> AnyObservation {
                    AnyObservation::$family(o)
                }
            }
            impl From<crate::$module::DealResult> for AnyDeal {
                fn from(d: crate::$module::DealResult) -> AnyDeal {
                    AnyDeal::$family(d)
                }
            }
            impl From<crate::$module::Game> for AnyGame {
                fn from(g: crate::$module::Game) -> AnyGame {
                    AnyGame::$family(g)
                }
            }
        )*

        /// `$body` for the family that `$value` (of the enum `$enum`) holds, with `$x`
        /// bound to the family's value and, in the second form, `$G` to its game type.
        macro_rules! each_family {
            ($d value:expr, $d enum:ident, $d x:ident => $d body:expr) => {
                match $d value {
                    $($d enum::$family($d x) => $d body,)*
                }
            };
            ($d value:expr, $d enum:ident, $d x:ident, $d G:ident => $d body:expr) => {
                match $d value {
                    $($d enum::$family($d x) => {
                        type $d G = crate::$module::Game;
                        $d body
                    })*
                }
            };
        }
        pub(crate) use each_family;

        /// `$body` where `$a` (of `$A`) and `$b` (of `$B`) hold the same family, with `$x`
        /// and `$y` bound to their values; `$other` where they do not.
        macro_rules! same_family {
            (($d a:expr, $d A:ident, $d x:ident), ($d b:expr, $d B:ident, $d y:ident) => $d body:expr, else $d other:expr) => {
                match ($d a, $d b) {
                    $(($d A::$family($d x), $d B::$family($d y)) => $d body,)*
                    #[allow(unreachable_patterns)]
                    _ => $d other,
                }
            };
        }
        pub(crate) use same_family;
    };
}

families! {$
    Fifteen: fifteen,
    Quinte: quinte,
}
