//! `go-engine patterns`: check a pattern file, match one against a game position, and
//! import an SGF joseki tree into sequence patterns.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use go_board::sgf::{self, GameRecord, ReadLimits};
use go_engine::gtp::PatternsState;
use go_engine::output::{CommandError, Stdout};
use go_patterns::joseki_sgf::{self, ImportOptions};
use go_patterns::{Limits, PatternSet, Severity};

/// The subcommands of `go-engine patterns`.
#[derive(Debug, clap::Subcommand)]
pub(crate) enum Args {
    /// Compile a pattern file and report its errors and warnings, each with its line,
    /// column and the line with a caret under the bad text; exit status 1 when it does
    /// not compile
    Check {
        /// The pattern file (Gopal, GNU Go-style diagrams; or an SGF joseki tree,
        /// `.sgf`, imported first).
        file: PathBuf,
    },
    /// List the moves a pattern file proposes to the side to move of a game position:
    /// move patterns and joseki trees (sequences followed through the game), best first
    /// (VERTEX INTENT WEIGHT SOURCE); ladders and status read by go-eval's readers
    Match {
        /// The pattern file (or an SGF joseki tree, `.sgf`, imported first), or
        /// `library` for the shipped library.
        file: PathBuf,
        /// The SGF file (its main line is replayed).
        sgf: PathBuf,
        /// The position after the first N moves [default: after the last move].
        #[arg(long = "move", value_name = "N")]
        moves: Option<usize>,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Import an SGF joseki tree (a dictionary of corner lines with variations) into
    /// Gopal sequence patterns (go-patterns' `joseki_sgf`): tenukis become tenuki
    /// replies and continuation patterns; errors name the node at fault. The patterns
    /// are checked by compiling them, then written to --out (or printed)
    ImportJoseki {
        /// The SGF file.
        sgf: PathBuf,
        /// Where to write the Gopal file [default: standard output].
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
        /// The program's name and the prefix of its patterns.
        #[arg(long, default_value = "joseki")]
        name: String,
        /// The side of a corner region, in lines.
        #[arg(long, default_value_t = 9)]
        region: u8,
    },
}

pub(crate) fn run(args: Args) -> ExitCode {
    go_engine::output::run("go-engine patterns", |out| match args {
        Args::Check { file } => check(&file, out),
        Args::Match { file, sgf, moves, json } => matches(&file, &sgf, moves, json, out),
        Args::ImportJoseki { sgf, out: file, name, region } => {
            import_joseki(&sgf, file.as_deref(), name, region, out)
        }
    })
}

fn import_joseki(
    sgf_path: &Path,
    file: Option<&Path>,
    name: String,
    region: u8,
    out: &mut Stdout,
) -> Result<ExitCode, CommandError> {
    let options = ImportOptions::default().with_name(name).with_region(region);
    let bytes = sgf::read_file(sgf_path, &options.read_limits)
        .map_err(|e| format!("{}: {e}", sgf_path.display()))?;
    let import = joseki_sgf::import_joseki(&bytes, &options)
        .map_err(|e| format!("{}: {e}", sgf_path.display()))?;
    let set = PatternSet::compile(import.text())
        .map_err(|e| format!("the imported patterns do not compile (a bug): {}", e.first()))?;
    for note in import.notes() {
        eprintln!("{}: {note}", sgf_path.display());
    }
    let summary = format!(
        "{}: {} patterns ({} continuations), {} moves, {} tenuki replies, {} variants, {} nodes not imported",
        sgf_path.display(),
        import.patterns(),
        import.continuations(),
        import.moves(),
        import.tenuki_replies(),
        set.variant_count(),
        import.notes().len()
    );
    match file {
        Some(path) => {
            std::fs::write(path, import.text()).map_err(|e| format!("{}: {e}", path.display()))?;
            writeln!(out, "{summary}; written to {}", path.display())?;
        }
        None => {
            write!(out, "{}", import.text())?;
            eprintln!("{summary}");
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Reads a pattern file: a regular file within the compiler's source limit, in UTF-8.
fn read(path: &Path) -> Result<String, CommandError> {
    String::from_utf8(read_bytes(path)?).map_err(|e| {
        format!(
            "{}: not UTF-8 text (byte {} is not valid)",
            path.display(),
            e.utf8_error().valid_up_to()
        )
        .into()
    })
}

/// Reads a file within the compiler's source limit.
fn read_bytes(path: &Path) -> Result<Vec<u8>, CommandError> {
    let limits = ReadLimits::DEFAULT.with_max_bytes(Limits::DEFAULT.max_source_bytes);
    Ok(sgf::read_file(path, &limits).map_err(|e| format!("{}: {e}", path.display()))?)
}

fn check(path: &Path, out: &mut Stdout) -> Result<ExitCode, CommandError> {
    let is_sgf = path.extension().is_some_and(|e| e.eq_ignore_ascii_case("sgf"));
    let text = if is_sgf {
        let bytes = read_bytes(path)?;
        let import = joseki_sgf::import_joseki(&bytes, &ImportOptions::default())
            .map_err(|e| format!("{}: {e}", path.display()))?;
        import.text().to_owned()
    } else {
        read(path)?
    };
    let name = path.display();
    match PatternSet::compile(&text) {
        Ok(set) => {
            for w in set.warnings() {
                writeln!(out, "{name}: {w}")?;
            }
            writeln!(
                out,
                "{name}: {} patterns, {} variants, {} warnings",
                set.len(),
                set.variant_count(),
                set.warnings().len()
            )?;
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => {
            let errors = e.diagnostics().iter().filter(|d| d.severity() == Severity::Error).count();
            for d in e.diagnostics() {
                writeln!(out, "{name}: {d}")?;
            }
            Err(format!("{name}: {errors} errors").into())
        }
    }
}

fn matches(
    file: &Path,
    sgf_path: &Path,
    moves: Option<usize>,
    json: bool,
    out: &mut Stdout,
) -> Result<ExitCode, CommandError> {
    let set = if file.as_os_str() == "library" {
        go_patterns::library::standard().clone()
    } else {
        let bytes = read_bytes(file)?;
        PatternsState::compile_file(&file.display().to_string(), &bytes)
            .map_err(|e| format!("{}: {e}", file.display()))?
    };
    let bytes = sgf::read_file(sgf_path, &ReadLimits::DEFAULT)
        .map_err(|e| format!("{}: {e}", sgf_path.display()))?;
    let record =
        GameRecord::from_sgf(&bytes).map_err(|e| format!("{}: {e}", sgf_path.display()))?;
    if let Some(n) = moves.filter(|&n| n > record.move_count()) {
        return Err(format!(
            "{} has {} moves, so there is no position after move {n}",
            sgf_path.display(),
            record.move_count()
        )
        .into());
    }
    let position = go_engine::record::replay(&record, moves.unwrap_or(usize::MAX))
        .map_err(|e| format!("{}: {e}", sgf_path.display()))?;
    let mut state = PatternsState::with_set(file.display().to_string(), Arc::new(set));
    let candidates = state.candidates(&position);
    if json {
        let value = serde_json::json!({
            "patterns": file.display().to_string(),
            "sgf": sgf_path.display().to_string(),
            "moves": position.move_count(),
            "to_move": position.to_move().to_string(),
            "candidates": candidates,
        });
        let text = serde_json::to_string_pretty(&value).map_err(|e| e.to_string())?;
        writeln!(out, "{text}")?;
    } else {
        writeln!(
            out,
            "{} after {} moves, {} to move: {} candidates",
            sgf_path.display(),
            position.move_count(),
            position.to_move(),
            candidates.len()
        )?;
        for c in &candidates {
            writeln!(out, "{} {} {} {}", c.mv, c.intent, c.weight, c.source)?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
