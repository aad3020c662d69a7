//===- Output.cpp - The CLI's findings as SARIF and YAML ------------------===//
//
// Part of privateer.
//
//===----------------------------------------------------------------------===//

#include "Output.h"

#include "privateer/Analysis/Checks.h"

#include "clang/Tooling/DiagnosticsYaml.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/xxhash.h"

#include <map>
#include <optional>

using namespace llvm;

namespace privateer {
namespace cli {

std::string Result::key() const {
  return Where.File + ":" + std::to_string(Where.Offset) + ":" + Check + ":" +
         Message;
}

namespace {

/// Clang counts columns and offsets in bytes; the log declares
/// `columnKind: unicodeCodePoints`, so they are converted by not counting
/// UTF-8 continuation bytes. (The same numbers for ASCII source.) A file
/// that cannot be read keeps Clang's numbers.
class CodePoints {
public:
  /// Code points before byte \p Offset of \p File.
  unsigned offset(const std::string &File, unsigned Offset) {
    const std::string *Text = text(File);
    return Text ? count(*Text, 0, Offset) : Offset;
  }
  /// Code points in the \p Length bytes from \p Offset.
  unsigned length(const std::string &File, unsigned Offset, unsigned Length) {
    const std::string *Text = text(File);
    return Text ? count(*Text, Offset, Offset + Length) : Length;
  }
  /// The 1-based code point column of the 1-based byte \p Column.
  unsigned column(const std::string &File, unsigned Line, unsigned Column) {
    const std::string *Text = text(File);
    if (!Text || !Line || !Column)
      return Column;
    size_t Start = 0;
    for (unsigned L = 1; L < Line; ++L) {
      Start = Text->find('\n', Start);
      if (Start == std::string::npos)
        return Column;
      ++Start;
    }
    return count(*Text, Start, Start + Column - 1) + 1;
  }

private:
  static unsigned count(const std::string &Text, size_t From, size_t To) {
    unsigned N = 0;
    for (size_t I = From; I < To && I < Text.size(); ++I)
      N += (static_cast<unsigned char>(Text[I]) & 0xC0) != 0x80;
    return N;
  }
  const std::string *text(const std::string &File) {
    auto It = Files.find(File);
    if (It == Files.end()) {
      auto Buffer = MemoryBuffer::getFile(File);
      std::optional<std::string> Text;
      if (Buffer)
        Text = (*Buffer)->getBuffer().str();
      It = Files.emplace(File, std::move(Text)).first;
    }
    return It->second ? &*It->second : nullptr;
  }
  std::map<std::string, std::optional<std::string>> Files;
};

/// The SARIF base id of the source root; results name files under it.
constexpr const char *RootId = "SRCROOT";

/// Percent-encodes what may not appear in a URI path.
std::string uriPath(StringRef Path) {
  std::string Out;
  for (char C : Path) {
    if (isAlnum(C) || StringRef("/-._~").contains(C))
      Out += C;
    else
      Out += "%" + utohexstr(static_cast<unsigned char>(C), false, 2);
  }
  return Out;
}

std::string fileUri(StringRef AbsPath) {
  std::string Path = uriPath(AbsPath);
  if (!StringRef(Path).ends_with("/") && sys::fs::is_directory(AbsPath))
    Path += "/";
  return "file://" + Path;
}

/// The file relative to the source root when it lies under it.
json::Object artifactLocation(StringRef File, StringRef Root) {
  SmallString<256> Rel(File);
  if (!Root.empty() && sys::path::replace_path_prefix(Rel, Root, ""))
    return json::Object{{"uri", uriPath(StringRef(Rel).ltrim('/'))},
                        {"uriBaseId", RootId}};
  return json::Object{{"uri", fileUri(File)}};
}

json::Object physicalLocation(const Position &P, StringRef Root,
                              CodePoints &CP) {
  return json::Object{
      {"artifactLocation", artifactLocation(P.File, Root)},
      {"region",
       json::Object{{"startLine", P.Line},
                    {"startColumn", CP.column(P.File, P.Line, P.Column)}}}};
}

/// A check's documentation page: docs/checks/<name without privateer->.md.
std::string helpUri(StringRef DocsUrl, StringRef Check) {
  Check.consume_front("privateer-");
  return (DocsUrl.rtrim('/') + "/" + Check + ".md").str();
}

json::Object fixOf(const Result &R, StringRef Root, CodePoints &CP) {
  // One artifact change per file, in the order the edits are applied.
  std::vector<std::string> Files;
  std::map<std::string, json::Array> Replacements;
  for (const Edit &E : R.Edits) {
    if (!Replacements.count(E.Begin.File))
      Files.push_back(E.Begin.File);
    Replacements[E.Begin.File].push_back(json::Object{
        {"deletedRegion",
         json::Object{
             {"startLine", E.Begin.Line},
             {"startColumn",
              CP.column(E.Begin.File, E.Begin.Line, E.Begin.Column)},
             {"endLine", E.EndLine},
             {"endColumn", CP.column(E.Begin.File, E.EndLine, E.EndColumn)},
             {"charOffset", CP.offset(E.Begin.File, E.Begin.Offset)},
             {"charLength",
              CP.length(E.Begin.File, E.Begin.Offset, E.Length)}}},
        {"insertedContent", json::Object{{"text", E.Text}}}});
  }
  json::Array Changes;
  for (const std::string &File : Files)
    Changes.push_back(
        json::Object{{"artifactLocation", artifactLocation(File, Root)},
                     {"replacements", std::move(Replacements[File])}});
  return json::Object{
      {"description", json::Object{{"text", "privateer's fix for " + R.Check}}},
      {"artifactChanges", std::move(Changes)}};
}

} // namespace

void writeSarif(raw_ostream &OS, ArrayRef<Result> Results, StringRef SourceRoot,
                StringRef DocsUrl) {
  CodePoints CP;
  json::Array Rules;
  std::map<std::string, unsigned> RuleIndex;
  for (const CheckInfo &C : allChecks()) {
    RuleIndex[C.Name] = Rules.size();
    std::string Help =
        std::string(C.Summary) + "; see " + helpUri(DocsUrl, C.Name);
    Rules.push_back(json::Object{
        {"id", C.Name},
        {"shortDescription", json::Object{{"text", C.Summary}}},
        {"fullDescription", json::Object{{"text", C.Summary}}},
        {"help", json::Object{{"text", Help}}},
        {"helpUri", helpUri(DocsUrl, C.Name)},
        {"defaultConfiguration", json::Object{{"level", "warning"}}}});
  }

  json::Array Out;
  // Fingerprints hash what the finding is, not where its line is, so that
  // edits elsewhere in the file keep them; an occurrence count separates
  // identical findings on identical lines.
  std::map<std::string, unsigned> Occurrences;
  for (const Result &R : Results) {
    json::Array Related;
    for (const NoteOut &N : R.Notes) {
      if (N.Where.File.empty())
        continue;
      Related.push_back(json::Object{
          {"id", int64_t(Related.size())},
          {"message", json::Object{{"text", N.Message}}},
          {"physicalLocation", physicalLocation(N.Where, SourceRoot, CP)}});
    }
    json::Object Loc{
        {"physicalLocation", physicalLocation(R.Where, SourceRoot, CP)}};
    std::string Rel = R.Where.File;
    SmallString<256> RelPath(R.Where.File);
    if (sys::path::replace_path_prefix(RelPath, SourceRoot, ""))
      Rel = RelPath.str().ltrim('/').str();
    std::string Identity = R.Check + '\0' + Rel + '\0' + R.Message + '\0' +
                           StringRef(R.SourceLine).trim().str();
    unsigned Occurrence = Occurrences[Identity]++;
    uint64_t Hash = xxh3_64bits(Identity + '\0' + std::to_string(Occurrence));
    json::Object Obj{
        {"ruleId", R.Check},
        {"ruleIndex", int64_t(RuleIndex[R.Check])},
        {"level", R.AsError ? "error" : "warning"},
        {"message", json::Object{{"text", R.Message}}},
        {"locations", json::Array{std::move(Loc)}},
        {"partialFingerprints",
         json::Object{{"privateerFinding/v1", utohexstr(Hash, true, 16)}}}};
    if (!Related.empty())
      Obj["relatedLocations"] = std::move(Related);
    if (!R.Edits.empty())
      Obj["fixes"] = json::Array{fixOf(R, SourceRoot, CP)};
    Out.push_back(std::move(Obj));
  }

  json::Object Run{
      {"tool",
       json::Object{{"driver", json::Object{{"name", "privateer"},
                                            {"version", PRIVATEER_VERSION},
                                            {"informationUri", DocsUrl},
                                            {"rules", std::move(Rules)}}}}},
      {"originalUriBaseIds",
       json::Object{{RootId, json::Object{{"uri", fileUri(SourceRoot)}}}}},
      {"columnKind", "unicodeCodePoints"},
      {"results", std::move(Out)}};
  json::Object Log{{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
                   {"version", "2.1.0"},
                   {"runs", json::Array{std::move(Run)}}};
  OS << formatv("{0:2}", json::Value(std::move(Log))) << "\n";
}

void writeExportFixes(raw_ostream &OS, ArrayRef<Result> Results) {
  clang::tooling::TranslationUnitDiagnostics TUD;
  for (const Result &R : Results) {
    clang::tooling::DiagnosticMessage Message(R.Message);
    Message.FilePath = R.Where.File;
    Message.FileOffset = R.Where.Offset;
    for (const Edit &E : R.Edits)
      consumeError(Message.Fix[E.Begin.File].add(clang::tooling::Replacement(
          E.Begin.File, E.Begin.Offset, E.Length, E.Text)));
    SmallVector<clang::tooling::DiagnosticMessage, 1> Notes;
    for (const NoteOut &N : R.Notes) {
      clang::tooling::DiagnosticMessage Note(N.Message);
      Note.FilePath = N.Where.File;
      Note.FileOffset = N.Where.Offset;
      Notes.push_back(std::move(Note));
    }
    TUD.Diagnostics.emplace_back(R.Check, Message, Notes,
                                 R.AsError
                                     ? clang::tooling::Diagnostic::Error
                                     : clang::tooling::Diagnostic::Warning,
                                 R.BuildDirectory);
  }
  yaml::Output YAML(OS);
  YAML << TUD;
}

} // namespace cli
} // namespace privateer
