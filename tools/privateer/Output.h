//===- Output.h - The CLI's findings as data, SARIF and YAML ----*- C++ -*-===//
//
// Part of privateer. What the CLI keeps of a report once its translation
// unit is gone (paths, offsets, lines, the edits it owns, its fingerprint),
// and the machine-readable forms it writes: SARIF 2.1.0 for code scanning,
// written as a stream (a log of 15,000 results is never held in memory as
// a JSON tree), and clang-apply-replacements' YAML.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_TOOLS_OUTPUT_H
#define PRIVATEER_TOOLS_OUTPUT_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace privateer {
namespace cli {

/// A place in a file: an absolute path, a byte offset, 1-based line and
/// column.
struct Position {
  std::string File;
  unsigned Offset = 0, Line = 0, Column = 0;
};

/// Replace Length bytes from Begin with Text (an insertion when Length is 0).
struct Edit {
  Position Begin;
  unsigned Length = 0;
  unsigned EndLine = 0, EndColumn = 0;
  std::string Text;

  bool operator==(const Edit &O) const {
    return Begin.File == O.Begin.File && Begin.Offset == O.Begin.Offset &&
           Length == O.Length && Text == O.Text;
  }
};

struct NoteOut {
  Position Where;
  std::string Message;
};

/// One parallel construct's verdict (ConstructAccount.h), where it is.
struct ConstructOut {
  Position Where;
  std::string Construct;
  /// "proven free", "reported", "held back", "not analysed".
  std::string Verdict;
  std::string Reason;
};

/// One finding of one translation unit.
struct Result {
  std::string Check, Message;
  bool AsError = false;
  Position Where;
  std::vector<NoteOut> Notes;
  /// The merged edits this finding owns (Engine.h, assignMergedEdits):
  /// what --fix applies and the logs carry.
  std::vector<Edit> Edits;
  /// The finding's own fix, as its diagnostic shows it.
  std::vector<Edit> ShownEdits;
  /// The text of the primary line.
  std::string SourceLine;
  std::string BuildDirectory;
  /// Stable across edits elsewhere in the file and across checkouts: the
  /// check, the file relative to the source root, the message, the
  /// primary line's text, and which of identical findings it is (SARIF's
  /// partialFingerprints, the baseline's key).
  std::string Fingerprint;

  /// Equal for the same finding seen from two units (a shared header).
  std::string key() const;
};

/// The fingerprint of a finding: \p RelativeFile is its file relative to
/// the source root, \p Occurrence counts identical findings before it.
std::string fingerprint(llvm::StringRef Check, llvm::StringRef RelativeFile,
                        llvm::StringRef Message, llvm::StringRef SourceLine,
                        unsigned Occurrence);

/// \p File relative to \p Root (both absolute), or empty when it is not
/// under it.
std::string relativeTo(llvm::StringRef File, llvm::StringRef Root);

/// Code points of a file's lines, for SARIF's `unicodeCodePoints` columns.
class CodePoints;

/// Writes one SARIF 2.1.0 run as its results come: the tool's rules from
/// Checks.def first, then each result, then the run's properties.
class SarifWriter {
public:
  /// Locations relative to \p SourceRoot (the `%SRCROOT%` base); rules with
  /// help at \p DocsUrl/<check>.md, none when \p DocsUrl is empty.
  SarifWriter(llvm::raw_ostream &OS, llvm::StringRef SourceRoot,
              llvm::StringRef DocsUrl, bool WithBaseline);
  ~SarifWriter();

  void result(const Result &R);
  /// Closes the log; \p Properties go into the run's property bag, and
  /// each held-back or not-analysed construct of \p Constructs becomes a
  /// notification of the run's invocation (its verdict and why).
  void finish(llvm::json::Object Properties,
              llvm::ArrayRef<ConstructOut> Constructs = {});

  /// Results whose file is outside the source root (absolute URIs).
  unsigned outsideRoot() const { return OutsideRoot; }

private:
  void location(const Position &P);
  void artifactLocation(llvm::StringRef File);
  void fix(const Result &R);

  llvm::json::OStream J;
  std::string SourceRoot;
  bool WithBaseline;
  std::map<std::string, unsigned> RuleIndex;
  std::unique_ptr<CodePoints> CP;
  unsigned OutsideRoot = 0;
};

/// Writes \p Results and their edits as clang-tidy's --export-fixes does,
/// for clang-apply-replacements.
/// Where each check's page is: \p Configured when set, else the docs
/// installed beside the executable (`<prefix>/share/doc/privateer/checks`,
/// which the build tree mirrors) as a file:// URL; empty when there are
/// none. \p Argv0 and \p MainAddr find the executable.
std::string installedDocsUrl(llvm::StringRef Configured, const char *Argv0,
                             void *MainAddr);

void writeExportFixes(llvm::raw_ostream &OS,
                      llvm::ArrayRef<const Result *> Results);

} // namespace cli
} // namespace privateer

#endif // PRIVATEER_TOOLS_OUTPUT_H
