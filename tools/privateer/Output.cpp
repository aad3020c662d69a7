//===- Output.cpp - The CLI's findings as SARIF and YAML ------------------===//
//
// Part of privateer.
//
//===----------------------------------------------------------------------===//

#include "Output.h"

#include "privateer/Analysis/Checks.h"

#include "clang/Tooling/DiagnosticsYaml.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/xxhash.h"

#include <map>

using namespace llvm;

namespace privateer {
namespace cli {

std::string Result::key() const {
  return Where.File + ":" + std::to_string(Where.Offset) + ":" + Check + ":" +
         Message;
}

std::string relativeTo(StringRef File, StringRef Root) {
  Root = Root.rtrim('/');
  // `/src/ab` is not under `/src/a`.
  if (Root.empty() || !File.consume_front(Root) || !File.starts_with("/"))
    return "";
  return File.ltrim('/').str();
}

std::string fingerprint(StringRef Check, StringRef RelativeFile,
                        StringRef Message, StringRef SourceLine,
                        unsigned Occurrence) {
  std::string Identity =
      (Check + Twine('\0') + RelativeFile + Twine('\0') + Message +
       Twine('\0') + SourceLine.trim() + Twine('\0') + Twine(Occurrence))
          .str();
  return utohexstr(xxh3_64bits(Identity), /*LowerCase=*/true, 16);
}

/// Clang counts columns and offsets in bytes; the log declares
/// `columnKind: unicodeCodePoints`, so they are converted by not counting
/// UTF-8 continuation bytes. An ASCII file (most source) needs no
/// conversion and is not kept; a file that cannot be read keeps Clang's
/// numbers.
class CodePoints {
public:
  /// Code points before byte \p Offset of \p File.
  unsigned offset(const std::string &File, unsigned Offset) {
    const Text *T = text(File);
    return T ? count(*T, 0, Offset) : Offset;
  }
  /// Code points in the \p Length bytes from \p Offset.
  unsigned length(const std::string &File, unsigned Offset, unsigned Length) {
    const Text *T = text(File);
    return T ? count(*T, Offset, Offset + Length) : Length;
  }
  /// The 1-based code point column of the 1-based byte \p Column.
  unsigned column(const std::string &File, unsigned Line, unsigned Column) {
    const Text *T = text(File);
    if (!T || !Line || !Column || Line > T->LineStarts.size())
      return Column;
    unsigned Start = T->LineStarts[Line - 1];
    return count(*T, Start, Start + Column - 1) + 1;
  }

private:
  struct Text {
    std::string Bytes;
    std::vector<unsigned> LineStarts;
  };
  static unsigned count(const Text &T, size_t From, size_t To) {
    unsigned N = 0;
    for (size_t I = From; I < To && I < T.Bytes.size(); ++I)
      N += (static_cast<unsigned char>(T.Bytes[I]) & 0xC0) != 0x80;
    return N;
  }
  /// The file when it needs converting; null for ASCII or unreadable files.
  const Text *text(const std::string &File) {
    if (File == Last)
      return LastText;
    auto It = Files.find(File);
    if (It == Files.end()) {
      std::unique_ptr<Text> T;
      if (auto Buffer = MemoryBuffer::getFile(File)) {
        StringRef Bytes = (*Buffer)->getBuffer();
        if (!llvm::all_of(Bytes, [](char C) { return isASCII(C); })) {
          T = std::make_unique<Text>();
          T->Bytes = Bytes.str();
          T->LineStarts.push_back(0);
          for (size_t I = 0; I < Bytes.size(); ++I)
            if (Bytes[I] == '\n')
              T->LineStarts.push_back(I + 1);
        }
      }
      It = Files.emplace(File, std::move(T)).first;
    }
    Last = File;
    LastText = It->second.get();
    return LastText;
  }
  std::map<std::string, std::unique_ptr<Text>> Files;
  std::string Last;
  const Text *LastText = nullptr;
};

namespace {

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

/// A check's documentation page: docs/checks/<name without privateer->.md.
std::string helpUri(StringRef DocsUrl, StringRef Check) {
  Check.consume_front("privateer-");
  return (DocsUrl.rtrim('/') + "/" + Check + ".md").str();
}

} // namespace

SarifWriter::SarifWriter(raw_ostream &OS, StringRef SourceRoot,
                         StringRef DocsUrl, bool WithBaseline)
    : J(OS, 2), SourceRoot(SourceRoot.str()), WithBaseline(WithBaseline),
      CP(std::make_unique<CodePoints>()) {
  J.objectBegin();
  J.attribute("$schema", "https://json.schemastore.org/sarif-2.1.0.json");
  J.attribute("version", "2.1.0");
  J.attributeBegin("runs");
  J.arrayBegin();
  J.objectBegin();
  J.attributeObject("tool", [&] {
    J.attributeObject("driver", [&] {
      J.attribute("name", "privateer");
      J.attribute("version", PRIVATEER_VERSION);
      if (!DocsUrl.empty())
        J.attribute("informationUri", DocsUrl);
      J.attributeArray("rules", [&] {
        for (const CheckInfo &C : allChecks()) {
          RuleIndex[C.Name] = RuleIndex.size();
          std::string Help = C.Summary;
          if (!DocsUrl.empty())
            Help += "; see " + helpUri(DocsUrl, C.Name);
          J.object([&] {
            J.attribute("id", C.Name);
            J.attributeObject("shortDescription",
                              [&] { J.attribute("text", C.Summary); });
            J.attributeObject("fullDescription",
                              [&] { J.attribute("text", C.Summary); });
            J.attributeObject("help", [&] { J.attribute("text", Help); });
            if (!DocsUrl.empty())
              J.attribute("helpUri", helpUri(DocsUrl, C.Name));
            J.attributeObject("defaultConfiguration",
                              [&] { J.attribute("level", "warning"); });
          });
        }
      });
    });
  });
  J.attributeObject("originalUriBaseIds", [&] {
    J.attributeObject(RootId,
                      [&] { J.attribute("uri", fileUri(this->SourceRoot)); });
  });
  J.attribute("columnKind", "unicodeCodePoints");
  J.attributeBegin("results");
  J.arrayBegin();
}

SarifWriter::~SarifWriter() = default;

void SarifWriter::artifactLocation(StringRef File) {
  std::string Rel = relativeTo(File, SourceRoot);
  J.attributeObject("artifactLocation", [&] {
    if (Rel.empty()) {
      J.attribute("uri", fileUri(File));
      return;
    }
    J.attribute("uri", uriPath(Rel));
    J.attribute("uriBaseId", RootId);
  });
}

void SarifWriter::location(const Position &P) {
  J.attributeObject("physicalLocation", [&] {
    artifactLocation(P.File);
    J.attributeObject("region", [&] {
      J.attribute("startLine", P.Line);
      J.attribute("startColumn", CP->column(P.File, P.Line, P.Column));
    });
  });
}

void SarifWriter::fix(const Result &R) {
  // One artifact change per file, in the order the edits are applied.
  std::vector<std::string> Files;
  for (const Edit &E : R.Edits)
    if (!llvm::is_contained(Files, E.Begin.File))
      Files.push_back(E.Begin.File);
  J.object([&] {
    J.attributeObject("description", [&] {
      J.attribute("text", "privateer's fix for " + R.Check);
    });
    J.attributeArray("artifactChanges", [&] {
      for (const std::string &File : Files)
        J.object([&] {
          artifactLocation(File);
          J.attributeArray("replacements", [&] {
            for (const Edit &E : R.Edits) {
              if (E.Begin.File != File)
                continue;
              J.object([&] {
                J.attributeObject("deletedRegion", [&] {
                  J.attribute("startLine", E.Begin.Line);
                  J.attribute("startColumn",
                              CP->column(File, E.Begin.Line, E.Begin.Column));
                  J.attribute("endLine", E.EndLine);
                  J.attribute("endColumn",
                              CP->column(File, E.EndLine, E.EndColumn));
                  J.attribute("charOffset", CP->offset(File, E.Begin.Offset));
                  J.attribute("charLength",
                              CP->length(File, E.Begin.Offset, E.Length));
                });
                J.attributeObject("insertedContent",
                                  [&] { J.attribute("text", E.Text); });
              });
            }
          });
        });
    });
  });
}

void SarifWriter::result(const Result &R) {
  if (relativeTo(R.Where.File, SourceRoot).empty())
    ++OutsideRoot;
  J.object([&] {
    J.attribute("ruleId", R.Check);
    J.attribute("ruleIndex", int64_t(RuleIndex[R.Check]));
    J.attribute("level", R.AsError ? "error" : "warning");
    J.attributeObject("message", [&] { J.attribute("text", R.Message); });
    J.attributeArray("locations",
                     [&] { J.object([&] { location(R.Where); }); });
    J.attributeObject("partialFingerprints", [&] {
      J.attribute("privateerFinding/v1", R.Fingerprint);
    });
    // Against a baseline, every result shown is one the baseline lacks.
    if (WithBaseline)
      J.attribute("baselineState", "new");
    int64_t Id = 0;
    bool AnyNote = llvm::any_of(
        R.Notes, [](const NoteOut &N) { return !N.Where.File.empty(); });
    if (AnyNote)
      J.attributeArray("relatedLocations", [&] {
        for (const NoteOut &N : R.Notes) {
          if (N.Where.File.empty())
            continue;
          J.object([&] {
            J.attribute("id", Id++);
            J.attributeObject("message",
                              [&] { J.attribute("text", N.Message); });
            location(N.Where);
          });
        }
      });
    if (!R.Edits.empty())
      J.attributeArray("fixes", [&] { fix(R); });
  });
}

void SarifWriter::finish(json::Object Properties,
                         ArrayRef<ConstructOut> Constructs) {
  J.arrayEnd();
  J.attributeEnd();
  if (!Constructs.empty()) {
    // What the run's silence means, where it is not "proven free".
    J.attributeArray("invocations", [&] {
      J.object([&] {
        J.attribute("executionSuccessful", true);
        J.attributeArray("toolExecutionNotifications", [&] {
          for (const ConstructOut &C : Constructs) {
            if (C.Verdict != "held back" && C.Verdict != "not analysed")
              continue;
            J.object([&] {
              J.attribute("level", "note");
              J.attributeObject("message", [&] {
                J.attribute("text", "'" + C.Construct + "' " + C.Verdict +
                                        ": " + C.Reason);
              });
              J.attributeArray("locations",
                               [&] { J.object([&] { location(C.Where); }); });
              J.attributeObject("descriptor", [&] {
                J.attribute("id", C.Verdict == "held back"
                                      ? "privateer-held-back"
                                      : "privateer-not-analysed");
              });
            });
          }
        });
      });
    });
  }
  if (!Properties.empty())
    J.attribute("properties", json::Value(std::move(Properties)));
  J.objectEnd();
  J.arrayEnd();
  J.attributeEnd();
  J.objectEnd();
  J.flush();
}

void writeExportFixes(raw_ostream &OS, ArrayRef<const Result *> Results) {
  clang::tooling::TranslationUnitDiagnostics TUD;
  for (const Result *RP : Results) {
    const Result &R = *RP;
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

std::string installedDocsUrl(llvm::StringRef Configured, const char *Argv0,
                             void *MainAddr) {
  using namespace llvm;
  if (!Configured.empty())
    return Configured.str();
  std::string Exe = sys::fs::getMainExecutable(Argv0, MainAddr);
  SmallString<256> Checks(sys::path::parent_path(sys::path::parent_path(Exe)));
  sys::path::append(Checks, "share", "doc", "privateer", "checks");
  SmallString<256> Real;
  if (sys::fs::real_path(Checks, Real) || !sys::fs::is_directory(Real))
    return "";
  std::string Url = "file://";
  for (char C : Real)
    Url += isAlnum(C) || StringRef("/-._~").contains(C)
               ? std::string(1, C)
               : "%" + utohexstr(static_cast<unsigned char>(C), false, 2);
  return Url;
}

} // namespace cli
} // namespace privateer
