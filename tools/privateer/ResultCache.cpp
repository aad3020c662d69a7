//===- ResultCache.cpp - Units that need no second analysis ---------------===//
//
// Part of privateer.
//
//===----------------------------------------------------------------------===//

#include "ResultCache.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <algorithm>

using namespace clang;
using namespace clang::tooling;
using namespace llvm;

namespace privateer {
namespace cli {

namespace {

/// Bumped whenever what an entry holds changes.
constexpr const char *EntryFormat = "privateer-cache-5";

/// privateer's own build: a rebuilt executable (another analysis) must not
/// trust the results of the previous one, whatever its version says.
const std::string &buildIdentity() {
  static const std::string Identity = [] {
    std::string Id =
        "privateer " PRIVATEER_VERSION " LLVM " LLVM_VERSION_STRING;
    std::string Exe = sys::fs::getMainExecutable(
        nullptr, reinterpret_cast<void *>(&buildIdentity));
    if (auto Buffer = MemoryBuffer::getFile(Exe))
      Id += " " +
            toHex(SHA256::hash(arrayRefFromStringRef((*Buffer)->getBuffer())));
    return Id;
  }();
  return Identity;
}

/// Preprocesses a unit and hashes every file it read, by path, in path
/// order (the order a SourceManager keeps them in is not stable).
class InputsAction : public PreprocessOnlyAction {
public:
  explicit InputsAction(SHA256 &Hash) : Hash(Hash) {}

  void EndSourceFileAction() override {
    SourceManager &SM = getCompilerInstance().getSourceManager();
    std::vector<std::pair<std::string, StringRef>> Files;
    for (auto It = SM.fileinfo_begin(); It != SM.fileinfo_end(); ++It)
      if (std::optional<StringRef> Text = It->second->getBufferDataIfLoaded())
        Files.emplace_back(It->first.getName().str(), *Text);
    llvm::sort(Files);
    for (const auto &[Name, Text] : Files) {
      Hash.update(Name);
      Hash.update(StringRef("\0", 1));
      Hash.update(utostr(Text.size()));
      Hash.update(Text);
    }
    PreprocessOnlyAction::EndSourceFileAction();
  }

private:
  SHA256 &Hash;
};

class InputsActionFactory : public FrontendActionFactory {
public:
  explicit InputsActionFactory(SHA256 &Hash) : Hash(Hash) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<InputsAction>(Hash);
  }

private:
  SHA256 &Hash;
};

// The entry's JSON, written and read field by field.

void write(json::OStream &J, const Position &P) {
  J.object([&] {
    J.attribute("file", P.File);
    J.attribute("offset", P.Offset);
    J.attribute("line", P.Line);
    J.attribute("column", P.Column);
  });
}

void write(json::OStream &J, const std::vector<Edit> &Edits) {
  J.array([&] {
    for (const Edit &E : Edits)
      J.object([&] {
        J.attributeBegin("begin");
        write(J, E.Begin);
        J.attributeEnd();
        J.attribute("length", E.Length);
        J.attribute("endLine", E.EndLine);
        J.attribute("endColumn", E.EndColumn);
        J.attribute("text", E.Text);
      });
  });
}

void write(json::OStream &J, const NoteOut &N) {
  J.object([&] {
    J.attributeBegin("where");
    write(J, N.Where);
    J.attributeEnd();
    J.attribute("message", N.Message);
  });
}

void write(json::OStream &J, const Result &R) {
  J.object([&] {
    J.attribute("check", R.Check);
    J.attribute("message", R.Message);
    J.attribute("asError", R.AsError);
    J.attributeBegin("where");
    write(J, R.Where);
    J.attributeEnd();
    J.attributeArray("notes", [&] {
      for (const NoteOut &N : R.Notes)
        write(J, N);
    });
    J.attributeBegin("edits");
    write(J, R.Edits);
    J.attributeEnd();
    J.attributeBegin("shownEdits");
    write(J, R.ShownEdits);
    J.attributeEnd();
    J.attribute("sourceLine", R.SourceLine);
    J.attribute("buildDirectory", R.BuildDirectory);
    J.attribute("fingerprint", R.Fingerprint);
  });
}

} // namespace

// fromJSON overloads, found by json::ObjectMapper through the namespace of
// the types they read.
bool fromJSON(const json::Value &V, Position &P, json::Path Path) {
  json::ObjectMapper O(V, Path);
  return O && O.map("file", P.File) && O.map("offset", P.Offset) &&
         O.map("line", P.Line) && O.map("column", P.Column);
}

bool fromJSON(const json::Value &V, Edit &E, json::Path Path) {
  json::ObjectMapper O(V, Path);
  return O && O.map("begin", E.Begin) && O.map("length", E.Length) &&
         O.map("endLine", E.EndLine) && O.map("endColumn", E.EndColumn) &&
         O.map("text", E.Text);
}

bool fromJSON(const json::Value &V, NoteOut &N, json::Path Path) {
  json::ObjectMapper O(V, Path);
  return O && O.map("where", N.Where) && O.map("message", N.Message);
}

bool fromJSON(const json::Value &V, Result &R, json::Path Path) {
  json::ObjectMapper O(V, Path);
  return O && O.map("check", R.Check) && O.map("message", R.Message) &&
         O.map("asError", R.AsError) && O.map("where", R.Where) &&
         O.map("notes", R.Notes) && O.map("edits", R.Edits) &&
         O.map("shownEdits", R.ShownEdits) &&
         O.map("sourceLine", R.SourceLine) &&
         O.map("buildDirectory", R.BuildDirectory) &&
         O.map("fingerprint", R.Fingerprint);
}

bool fromJSON(const json::Value &V, ConstructOut &C, json::Path Path) {
  json::ObjectMapper O(V, Path);
  return O && O.map("where", C.Where) && O.map("construct", C.Construct) &&
         O.map("verdict", C.Verdict) && O.map("reason", C.Reason);
}

bool fromJSON(const json::Value &V, UnitData &D, json::Path Path) {
  json::ObjectMapper O(V, Path);
  std::string Format;
  return O && O.map("format", Format) && Format == EntryFormat &&
         O.map("prelude", D.Prelude) &&
         O.map("compilerWarnings", D.CompilerWarnings) &&
         O.map("notice", D.Notice) && O.map("results", D.Results) &&
         O.map("heldBackMay", D.HeldBackMay) &&
         O.map("undecided", D.Undecided) && O.map("constructs", D.Constructs) &&
         O.map("editsIndependent", D.EditsIndependent);
}

Expected<std::unique_ptr<ResultCache>> ResultCache::open(StringRef Dir,
                                                         std::string Salt) {
  SmallString<256> Abs(Dir);
  sys::fs::make_absolute(Abs);
  if (std::error_code EC = sys::fs::create_directories(Abs))
    return createStringError("cannot use --cache-dir '" + Dir +
                             "': " + EC.message());
  return std::unique_ptr<ResultCache>(
      new ResultCache(Abs.str().str(), buildIdentity() + '\0' + Salt));
}

std::optional<std::string> ResultCache::keyFor(const CompilationDatabase &DB,
                                               StringRef File) {
  SHA256 Hash;
  Hash.update(EntryFormat);
  Hash.update(Salt);
  std::vector<CompileCommand> Commands = DB.getCompileCommands(File);
  for (const CompileCommand &C : Commands) {
    Hash.update(C.Directory);
    for (const std::string &Arg : C.CommandLine) {
      Hash.update(StringRef("\0", 1));
      Hash.update(Arg);
    }
  }
  ClangTool Tool(DB, {File.str()}, std::make_shared<PCHContainerOperations>(),
                 vfs::createPhysicalFileSystem());
  IgnoringDiagConsumer Quiet;
  Tool.setDiagnosticConsumer(&Quiet);
  Tool.setPrintErrorMessage(false);
  Tool.appendArgumentsAdjuster(resourceDirAdjuster());
  InputsActionFactory Factory(Hash);
  if (Commands.empty() || Tool.run(&Factory) != 0)
    return std::nullopt;
  return toHex(Hash.final(), /*LowerCase=*/true);
}

std::string ResultCache::pathOf(StringRef Key) const {
  SmallString<256> Path(Dir);
  sys::path::append(Path, Key.take_front(2), Key + ".json");
  return Path.str().str();
}

std::optional<UnitData> ResultCache::load(StringRef Key) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer =
      MemoryBuffer::getFile(pathOf(Key));
  if (!Buffer)
    return std::nullopt;
  Expected<json::Value> V = json::parse((*Buffer)->getBuffer());
  if (!V) {
    consumeError(V.takeError());
    return std::nullopt;
  }
  UnitData Data;
  json::Path::Root Root;
  if (!fromJSON(*V, Data, Root))
    return std::nullopt;
  return Data;
}

void ResultCache::store(StringRef Key, const UnitData &Data) {
  std::string Path = pathOf(Key);
  if (sys::fs::create_directories(sys::path::parent_path(Path)))
    return;
  int FD;
  SmallString<256> Temp;
  if (sys::fs::createUniqueFile(Path + ".%%%%%%.tmp", FD, Temp))
    return;
  {
    raw_fd_ostream OS(FD, /*shouldClose=*/true);
    json::OStream J(OS);
    J.object([&] {
      J.attribute("format", EntryFormat);
      J.attribute("prelude", Data.Prelude);
      J.attribute("compilerWarnings", Data.CompilerWarnings);
      J.attributeBegin("notice");
      if (Data.Notice)
        write(J, *Data.Notice);
      else
        J.value(nullptr);
      J.attributeEnd();
      J.attributeArray("results", [&] {
        for (const Result &R : Data.Results)
          write(J, R);
      });
      J.attributeArray("heldBackMay", [&] {
        for (const std::string &Where : Data.HeldBackMay)
          J.value(Where);
      });
      J.attribute("undecided", Data.Undecided);
      J.attributeArray("constructs", [&] {
        for (const ConstructOut &C : Data.Constructs)
          J.object([&] {
            J.attributeBegin("where");
            write(J, C.Where);
            J.attributeEnd();
            J.attribute("construct", C.Construct);
            J.attribute("verdict", C.Verdict);
            J.attribute("reason", C.Reason);
          });
      });
      J.attribute("editsIndependent", Data.EditsIndependent);
    });
    OS.close();
    if (OS.has_error()) {
      OS.clear_error();
      sys::fs::remove(Temp);
      return;
    }
  }
  if (sys::fs::rename(Temp, Path))
    sys::fs::remove(Temp);
}

} // namespace cli
} // namespace privateer
