//! `go-lab report`: the summary of the JSON records of one or more runs, such as the
//! shards of a sweep merged with `cat`.
//!
//! Every record names its experiment (`"experiment": "eval-bench"`); the records of each
//! experiment are summarised as a run of that experiment over all of them would be.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use go_engine::output::{CommandError, Stdout};
use serde::de::DeserializeOwned;

use crate::batch::write_json_line;
use crate::patterns::predict;
use crate::strength::eval as strength_eval;
use crate::{eval_bench, search_bench, tsumego};

/// The options of `go-lab report`.
#[derive(Clone, Debug, clap::Args)]
pub struct Args {
    /// The files of JSON records (`-` or none: standard input).
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// Print the summary as JSON lines instead of tables.
    #[arg(long)]
    pub json: bool,
    /// For `strength-eval` records: also the difference of two generators on moves
    /// 1–220 with a paired bootstrap interval over games (`A,B`: A − B); repeatable.
    #[arg(long = "pair", value_name = "A,B")]
    pub pairs: Vec<String>,
}

/// The records read, by experiment.
#[derive(Debug, Default)]
struct Records {
    eval_bench: Vec<eval_bench::Record>,
    search_bench: Vec<search_bench::Record>,
    patterns_predict: Vec<predict::Row>,
    tsumego: Vec<tsumego::Record>,
    strength_eval: Vec<strength_eval::Record>,
    /// The experiments in the order of their first record.
    order: Vec<&'static str>,
}

/// Reads the records and prints their summaries.
///
/// # Errors
///
/// A file cannot be read, a line is not a record of a known experiment (the message
/// names the file and line), an experiment's records cannot be summarised, or writing
/// fails.
pub fn run(args: &Args, out: &mut Stdout) -> Result<ExitCode, CommandError> {
    let mut records = Records::default();
    let stdin = [PathBuf::from("-")];
    let files = if args.files.is_empty() { &stdin[..] } else { &args.files[..] };
    for file in files {
        let (name, input): (String, Box<dyn Read>) = if file.as_os_str() == "-" {
            ("standard input".to_owned(), Box::new(std::io::stdin()))
        } else {
            let f = std::fs::File::open(file)
                .map_err(|e| CommandError::Failed(format!("{}: {e}", file.display())))?;
            (file.display().to_string(), Box::new(f))
        };
        read(&name, BufReader::new(input), &mut records)?;
    }
    if records.order.is_empty() {
        return Err("no record to summarise".into());
    }
    for (i, experiment) in records.order.iter().enumerate() {
        if i > 0 && !args.json {
            writeln!(out)?;
        }
        match *experiment {
            eval_bench::NAME => {
                let summary = eval_bench::summarize(&records.eval_bench)?;
                if !summary.skipped.is_empty() {
                    eprintln!("{} games skipped", summary.skipped.len());
                }
                if args.json {
                    summary.rows.iter().try_for_each(|row| write_json_line(out, row))?;
                } else {
                    eval_bench::print_table(out, &summary, None)?;
                }
            }
            tsumego::NAME => {
                let rows = tsumego::summarize(&records.tsumego)?;
                if args.json {
                    rows.iter().try_for_each(|row| write_json_line(out, row))?;
                } else {
                    tsumego::print_table(out, &rows, None)?;
                }
            }
            strength_eval::NAME => {
                let summary = strength_eval::summarize(&records.strength_eval)?;
                if !summary.skipped.is_empty() {
                    eprintln!("{} games skipped", summary.skipped.len());
                }
                let pairs = strength_eval::pairs(&records.strength_eval, &args.pairs)?;
                if args.json {
                    summary.rows.iter().try_for_each(|row| write_json_line(out, row))?;
                    pairs.iter().try_for_each(|p| write_json_line(out, p))?;
                } else {
                    strength_eval::print_table(out, &summary, None)?;
                    strength_eval::print_pairs(out, &pairs)?;
                }
            }
            predict::NAME => {
                let rows = predict::summarize(&records.patterns_predict);
                if args.json {
                    rows.iter().try_for_each(|row| write_json_line(out, row))?;
                } else {
                    predict::print_table(out, &rows)?;
                }
            }
            _ => {
                let rows = search_bench::summarize(&records.search_bench)?;
                if args.json {
                    rows.iter().try_for_each(|row| write_json_line(out, row))?;
                } else {
                    search_bench::print_tables(out, &rows, None)?;
                }
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Reads the records of one input, blank lines skipped.
fn read(name: &str, input: impl BufRead, records: &mut Records) -> Result<(), CommandError> {
    for (i, line) in input.split(b'\n').enumerate() {
        let at = || format!("{name}:{}", i + 1);
        let line = line.map_err(|e| CommandError::Failed(format!("{}: {e}", at())))?;
        let line = std::str::from_utf8(&line)
            .map_err(|_| CommandError::Failed(format!("{}: not UTF-8", at())))?;
        if line.trim().is_empty() {
            continue;
        }
        let value: serde_json::Value = serde_json::from_str(line)
            .map_err(|e| CommandError::Failed(format!("{}: {e}", at())))?;
        let experiment = value.get("experiment").and_then(|e| e.as_str()).unwrap_or("");
        let name = match experiment {
            eval_bench::NAME => {
                records.eval_bench.push(parse(value, &at)?);
                eval_bench::NAME
            }
            search_bench::NAME => {
                records.search_bench.push(parse(value, &at)?);
                search_bench::NAME
            }
            predict::NAME => {
                records.patterns_predict.push(parse(value, &at)?);
                predict::NAME
            }
            tsumego::NAME => {
                records.tsumego.push(parse(value, &at)?);
                tsumego::NAME
            }
            strength_eval::NAME => {
                records.strength_eval.push(parse(value, &at)?);
                strength_eval::NAME
            }
            other => {
                return Err(CommandError::Failed(format!(
                    "{}: not a record of eval-bench, search-bench, strength-eval, tsumego or patterns-predict (experiment {other:?})",
                    at()
                )));
            }
        };
        if !records.order.contains(&name) {
            records.order.push(name);
        }
    }
    Ok(())
}

fn parse<T: DeserializeOwned>(
    value: serde_json::Value,
    at: &impl Fn() -> String,
) -> Result<T, CommandError> {
    serde_json::from_value(value).map_err(|e| CommandError::Failed(format!("{}: {e}", at())))
}
