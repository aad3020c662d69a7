//===- Output.h - The CLI's findings as data, SARIF and YAML ----*- C++ -*-===//
//
// Part of privateer. What the CLI keeps of a report once its translation
// unit is gone (paths, offsets, lines, the edits it owns), and the two
// machine-readable forms it writes: SARIF 2.1.0 for code scanning and
// clang-apply-replacements' YAML.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_TOOLS_OUTPUT_H
#define PRIVATEER_TOOLS_OUTPUT_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

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

/// One finding of one translation unit.
struct Result {
  std::string Check, Message;
  bool AsError = false;
  Position Where;
  std::vector<NoteOut> Notes;
  /// The merged edits this finding owns (Engine.h, assignMergedEdits).
  std::vector<Edit> Edits;
  /// The text of the primary line, for fingerprints that survive edits
  /// elsewhere in the file.
  std::string SourceLine;
  std::string BuildDirectory;

  /// Equal for the same finding seen from two units (a shared header).
  std::string key() const;
};

/// Writes \p Results as one SARIF 2.1.0 run: rules from Checks.def with help
/// at \p DocsUrl/<check>.md, locations relative to \p SourceRoot.
void writeSarif(llvm::raw_ostream &OS, llvm::ArrayRef<Result> Results,
                llvm::StringRef SourceRoot, llvm::StringRef DocsUrl);

/// Writes \p Results and their edits as clang-tidy's --export-fixes does,
/// for clang-apply-replacements.
void writeExportFixes(llvm::raw_ostream &OS, llvm::ArrayRef<Result> Results);

} // namespace cli
} // namespace privateer

#endif // PRIVATEER_TOOLS_OUTPUT_H
