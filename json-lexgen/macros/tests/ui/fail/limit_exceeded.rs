// A DFA that blows up (2^20 states): determinization stops at the grammar's own limit,
// and the error names the rule.
json_lexgen_macros::json_lexer!(
    r#"
    %limit dfa_states 1000;
    " "+                => skip;
    [ab]* "a" [ab]{18}  => X;
    *                   => error;
"#
);

fn main() {}
