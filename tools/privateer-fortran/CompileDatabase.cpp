//===- CompileDatabase.cpp - The Fortran entries of a build ---------------===//
//
// Part of privateer.
//
//===----------------------------------------------------------------------===//

#include "CompileDatabase.h"

#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace privateer {
namespace fortran {

namespace {

/// Flags with a value, joined (`-Iinc`) or in the next argument.
constexpr llvm::StringLiteral ValueFlags[] = {"-I", "-D", "-U"};
/// Flags naming a module directory: searched, never written.
constexpr llvm::StringLiteral ModuleDirFlags[] = {"-J", "-module-dir"};
constexpr llvm::StringLiteral PrefixFlags[] = {
    "-fopenmp-version=", "-std=", "-ffixed-line-length=", "-fdefault-"};
constexpr llvm::StringLiteral PlainFlags[] = {
    "-cpp",        "-nocpp",          "-ffixed-form",
    "-ffree-form", "-fimplicit-none", "-fbackslash"};

/// The value flag \p Args[I] starts, as {flag to pass, value}, advancing
/// \p I past a value in the next argument; empty when it is none.
std::pair<std::string, std::string> valueFlag(llvm::ArrayRef<std::string> Args,
                                              size_t &I) {
  llvm::StringRef A = Args[I];
  auto Match = [&](llvm::StringRef Flag,
                   bool Joined) -> std::optional<std::string> {
    if (A == Flag && I + 1 < Args.size())
      return Args[++I];
    if (Joined && A.size() > Flag.size() && A.starts_with(Flag))
      return A.drop_front(Flag.size()).str();
    return std::nullopt;
  };
  for (llvm::StringRef Flag : ValueFlags)
    if (auto Value = Match(Flag, /*Joined=*/true))
      return {Flag.str(), *Value};
  for (llvm::StringRef Flag : ModuleDirFlags)
    if (auto Value = Match(Flag, /*Joined=*/Flag == "-J"))
      return {"-I", *Value};
  return {};
}

} // namespace

bool isFortranSource(llvm::StringRef Path) {
  llvm::StringRef Ext = llvm::sys::path::extension(Path);
  for (llvm::StringRef Fortran : {".f", ".for", ".ftn", ".fpp", ".f77", ".f90",
                                  ".f95", ".f03", ".f08", ".f18"})
    if (Ext.equals_insensitive(Fortran))
      return true;
  return false;
}

std::string normalizedPath(llvm::StringRef Path, llvm::StringRef Base) {
  llvm::SmallString<256> Out;
  if (llvm::sys::path::is_absolute(Path) || Base.empty()) {
    Out = Path;
    llvm::sys::fs::make_absolute(Out);
  } else {
    Out = Base;
    llvm::sys::fs::make_absolute(Out);
    llvm::sys::path::append(Out, Path);
  }
  llvm::sys::path::remove_dots(Out, /*remove_dot_dot=*/true);
  return Out.str().str();
}

std::vector<std::string> loweringFlags(llvm::ArrayRef<std::string> Args) {
  std::vector<std::string> Flags;
  for (size_t I = 0; I < Args.size(); ++I) {
    auto [Flag, Value] = valueFlag(Args, I);
    if (!Flag.empty()) {
      Flags.push_back(Flag);
      Flags.push_back(Value);
      continue;
    }
    llvm::StringRef A = Args[I];
    if (llvm::is_contained(PlainFlags, A) ||
        llvm::any_of(PrefixFlags,
                     [&](llvm::StringRef P) { return A.starts_with(P); }))
      Flags.push_back(A.str());
  }
  return Flags;
}

llvm::Expected<std::vector<FortranUnit>>
loadFortranUnits(llvm::StringRef BuildDir, const std::set<std::string> &Named) {
  llvm::SmallString<256> Path(BuildDir);
  llvm::sys::path::append(Path, "compile_commands.json");
  std::string Error;
  auto DB = clang::tooling::JSONCompilationDatabase::loadFromFile(
      Path, Error, clang::tooling::JSONCommandLineSyntax::AutoDetect);
  if (!DB)
    return llvm::createStringError("cannot read '%s': %s", Path.c_str(),
                                   Error.c_str());
  std::vector<FortranUnit> Units;
  std::set<std::string> Seen;
  for (const clang::tooling::CompileCommand &C : DB->getAllCompileCommands()) {
    std::string Directory = normalizedPath(C.Directory, BuildDir);
    std::string File = normalizedPath(C.Filename, Directory);
    if (!isFortranSource(File) || (!Named.empty() && !Named.count(File)) ||
        !Seen.insert(File).second)
      continue;
    llvm::ArrayRef<std::string> Args(C.CommandLine);
    Units.push_back({Directory, File, loweringFlags(Args.drop_front())});
  }
  return Units;
}

} // namespace fortran
} // namespace privateer
