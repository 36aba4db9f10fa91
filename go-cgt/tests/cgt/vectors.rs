//! Every vector of `testdata/cgt/vectors.toml` (reference/cgt.md section 2 and
//! Table 1 of the semeai seed), evaluated with `Context::eval`.

use go_cgt::{Context, Value};

const VECTORS: &str = include_str!("../../../testdata/cgt/vectors.toml");

#[test]
fn reference_vectors() {
    let doc: toml::Table = toml::from_str(VECTORS).expect("vectors.toml parses");
    let vectors = doc["vector"].as_array().expect("[[vector]] entries");
    assert!(vectors.len() > 150, "all vectors are present");
    let mut failures = Vec::new();
    for v in vectors {
        let row = v["row"].as_str().unwrap_or("?");
        let expr = v["expr"].as_str().expect("expr");
        let mut ctx = Context::new();
        let got = ctx.eval(expr);
        let mut fail = |what: String| failures.push(format!("row {row}: {expr}: {what}"));
        let mut checks = 0;
        if let Some(err) = v.get("error").and_then(|e| e.as_str()) {
            checks += 1;
            match &got {
                Err(e) if e.message().contains(err) => {}
                other => fail(format!("expected an error containing {err:?}, got {other:?}")),
            }
        }
        let got = match got {
            Ok(value) => value,
            Err(e) => {
                if checks == 0 {
                    fail(format!("error {e}"));
                }
                continue;
            }
        };
        if let Some(expected) = v.get("value").and_then(|e| e.as_str()) {
            checks += 1;
            let want = ctx.parse(expected).expect("expected value parses");
            if got != Value::Game(want) {
                fail(format!("expected {expected}, got {}", show(&ctx, &got)));
            }
        }
        if let Some(expected) = v.get("bool").and_then(|e| e.as_bool()) {
            checks += 1;
            if got != Value::Bool(expected) {
                fail(format!("expected {expected}, got {}", show(&ctx, &got)));
            }
        }
        // checks of the printed answer
        for key in ["display", "outcome", "thermograph"] {
            if let Some(expected) = v.get(key).and_then(|e| e.as_str()) {
                checks += 1;
                if show(&ctx, &got) != expected {
                    fail(format!("expected {key} {expected}, got {}", show(&ctx, &got)));
                }
            }
        }
        assert!(checks > 0, "row {row}: {expr}: the vector checks nothing");
    }
    assert!(failures.is_empty(), "{} failing vectors:\n{}", failures.len(), failures.join("\n"));
}

fn show(ctx: &Context, v: &Value) -> String {
    match v {
        Value::Game(g) => ctx.display(*g).to_string(),
        Value::Bool(b) => b.to_string(),
        Value::Thermograph(t) => t.to_string(),
        Value::Outcome(o) => o.to_string(),
    }
}
