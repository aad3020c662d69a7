//===- LineFilter.cpp - Report only on chosen lines -----------------------===//
//
// Part of privateer.
//
//===----------------------------------------------------------------------===//

#include "LineFilter.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"

#include <optional>
#include <set>

using namespace llvm;

namespace privateer {
namespace cli {

namespace {

std::string normalized(StringRef Path) {
  SmallString<256> P(Path);
  sys::fs::make_absolute(P);
  sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  return P.str().str();
}

} // namespace

Expected<std::string> runGit(StringRef Dir, ArrayRef<StringRef> Args) {
  ErrorOr<std::string> Git = sys::findProgramByName("git");
  if (!Git)
    return createStringError("git is not on the PATH");
  SmallString<128> Out, Err;
  int FD;
  if (std::error_code EC =
          sys::fs::createTemporaryFile("privateer-git", "out", FD, Out))
    return createStringError(EC, "cannot create a temporary file");
  sys::Process::SafelyCloseFileDescriptor(FD);
  if (std::error_code EC =
          sys::fs::createTemporaryFile("privateer-git", "err", FD, Err))
    return createStringError(EC, "cannot create a temporary file");
  sys::Process::SafelyCloseFileDescriptor(FD);
  std::vector<StringRef> Argv = {*Git, "-C", Dir};
  Argv.insert(Argv.end(), Args.begin(), Args.end());
  std::optional<StringRef> Redirects[] = {std::nullopt, StringRef(Out),
                                          StringRef(Err)};
  std::string ExecError;
  int Status = sys::ExecuteAndWait(*Git, Argv, std::nullopt, Redirects, 0, 0,
                                   &ExecError);
  auto Read = [](StringRef Path) {
    ErrorOr<std::unique_ptr<MemoryBuffer>> B = MemoryBuffer::getFile(Path);
    return B ? (*B)->getBuffer().str() : std::string();
  };
  std::string Stdout = Read(Out), Stderr = Read(Err);
  sys::fs::remove(Out);
  sys::fs::remove(Err);
  if (Status != 0)
    return createStringError(
        "'git " + join(Args.begin(), Args.end(), " ") + "' in '" + Dir +
        "' failed: " +
        (ExecError.empty() ? StringRef(Stderr).trim().str() : ExecError));
  return Stdout;
}

Expected<LineFilter> LineFilter::fromJson(StringRef Json) {
  Expected<json::Value> V = json::parse(Json);
  if (!V)
    return createStringError("invalid --line-filter: " +
                             toString(V.takeError()));
  const json::Array *Files = V->getAsArray();
  auto Invalid = [](const Twine &What) {
    return createStringError(
        "invalid --line-filter: " + What +
        " (expected [{\"name\":\"file.c\",\"lines\":[[1,3],[5,5]]}, ...])");
  };
  if (!Files)
    return Invalid("not a list");
  LineFilter F;
  if (Files->empty())
    return F;
  std::vector<Entry> Entries;
  for (const json::Value &File : *Files) {
    const json::Object *O = File.getAsObject();
    std::optional<StringRef> Name = O ? O->getString("name") : std::nullopt;
    if (!Name || Name->empty())
      return Invalid("an entry without a \"name\"");
    Entry E;
    // clang-tidy matches the end of the path; a relative name that is not
    // a file here would never match an absolute path otherwise.
    E.Name = sys::path::is_absolute(*Name) ? normalized(*Name) : Name->str();
    E.Suffix = !sys::path::is_absolute(*Name);
    if (const json::Value *Lines = O->get("lines")) {
      const json::Array *Ranges = Lines->getAsArray();
      if (!Ranges)
        return Invalid("\"lines\" of '" + *Name + "' is not a list");
      for (const json::Value &R : *Ranges) {
        const json::Array *Pair = R.getAsArray();
        std::optional<int64_t> B, End;
        if (Pair && Pair->size() == 2) {
          B = (*Pair)[0].getAsInteger();
          End = (*Pair)[1].getAsInteger();
        }
        if (!B || !End || *B < 1 || *End < *B)
          return Invalid("a range of '" + *Name +
                         "' is not [first, last] with 1 <= first <= last");
        E.Lines.push_back({unsigned(*B), unsigned(*End)});
      }
    }
    Entries.push_back(std::move(E));
  }
  F.All.push_back(std::move(Entries));
  return F;
}

LineFilter LineFilter::fromUnifiedDiff(StringRef Diff, StringRef Root) {
  std::vector<Entry> Entries;
  // The entry of the file whose hunks follow, if it has new lines.
  std::optional<size_t> Current;
  SmallVector<StringRef> Lines;
  Diff.split(Lines, '\n');
  for (StringRef L : Lines) {
    if (L.consume_front("+++ ")) {
      Current.reset();
      // A deleted file has no new lines.
      if (L == "/dev/null" || !L.consume_front("b/"))
        continue;
      SmallString<256> Path(Root);
      sys::path::append(Path, L.rtrim("\t"));
      Entries.push_back({normalized(Path), false, {}});
      Current = Entries.size() - 1;
      continue;
    }
    // "@@ -old[,n] +new[,m] @@": m new lines from line new (one when ",m"
    // is left out); m = 0 deletes only, which leaves no line to report on.
    if (!Current || !L.consume_front("@@ "))
      continue;
    size_t Plus = L.find(" +");
    if (Plus == StringRef::npos)
      continue;
    StringRef New =
        L.substr(Plus + 2).take_until([](char C) { return C == ' '; });
    auto [First, Count] = New.split(',');
    unsigned B = 0, N = 1;
    if (First.getAsInteger(10, B) ||
        (!Count.empty() && Count.getAsInteger(10, N)))
      continue;
    if (N > 0)
      Entries[*Current].Lines.push_back({B, B + N - 1});
  }
  // An entry whose hunks all delete would otherwise admit every line.
  std::vector<Entry> Kept;
  for (Entry &E : Entries)
    if (!E.Lines.empty())
      Kept.push_back(std::move(E));
  LineFilter F;
  F.All.push_back(std::move(Kept));
  return F;
}

Expected<LineFilter> LineFilter::fromGitDiff(StringRef Rev,
                                             ArrayRef<std::string> Files) {
  // git would read it as an option (--output=<file> writes a file).
  if (Rev.empty() || Rev.starts_with("-"))
    return createStringError("--diff needs a revision, not '" + Rev + "'");
  std::set<std::string> Dirs, Roots;
  for (const std::string &File : Files)
    Dirs.insert(sys::path::parent_path(File).str());
  for (const std::string &Dir : Dirs) {
    Expected<std::string> Root = runGit(Dir, {"rev-parse", "--show-toplevel"});
    if (!Root)
      return Root.takeError();
    Roots.insert(StringRef(*Root).trim().str());
  }
  LineFilter F;
  F.All.push_back({});
  for (const std::string &Root : Roots) {
    // Fixed prefixes and no external diff or colour, whatever the user's
    // configuration says; quotePath off keeps non-ASCII names readable.
    Expected<std::string> Diff =
        runGit(Root, {"-c", "core.quotePath=false", "diff", "-U0", "--no-color",
                      "--no-ext-diff", "--src-prefix=a/", "--dst-prefix=b/",
                      Rev, "--"});
    if (!Diff)
      return Diff.takeError();
    LineFilter One = fromUnifiedDiff(*Diff, Root);
    F.All.front().insert(F.All.front().end(), One.All.front().begin(),
                         One.All.front().end());
  }
  return F;
}

bool LineFilter::admitsOne(const std::vector<Entry> &Entries, StringRef File,
                           unsigned Line) {
  for (const Entry &E : Entries) {
    if (E.Suffix ? !(File.ends_with(E.Name) &&
                     (File.size() == E.Name.size() ||
                      sys::path::is_separator(
                          File[File.size() - E.Name.size() - 1])))
                 : File != E.Name)
      continue;
    if (E.Lines.empty())
      return true;
    for (auto [B, End] : E.Lines)
      if (B <= Line && Line <= End)
        return true;
  }
  return false;
}

bool LineFilter::admits(StringRef File, unsigned Line) const {
  for (const std::vector<Entry> &Entries : All)
    if (!admitsOne(Entries, File, Line))
      return false;
  return true;
}

void LineFilter::intersect(LineFilter Other) {
  for (std::vector<Entry> &Entries : Other.All)
    All.push_back(std::move(Entries));
}

} // namespace cli
} // namespace privateer
