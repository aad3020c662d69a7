//===- CompileDatabase.h - The Fortran entries of a build -------*- C++ -*-===//
//
// Part of privateer. privateer-fortran -p reads a compile_commands.json as
// the C CLI does, keeps its Fortran entries and, of each command, the flags
// that change what Flang lowers; the rest (-O2, -g, -c, -o) are dropped.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_TOOLS_FORTRAN_COMPILEDATABASE_H
#define PRIVATEER_TOOLS_FORTRAN_COMPILEDATABASE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <set>
#include <string>
#include <vector>

namespace privateer {
namespace fortran {

/// One Fortran file to lower, in the directory its flags are relative to.
struct FortranUnit {
  std::string Directory;
  /// Absolute, without `.` and `..`.
  std::string File;
  /// Flang -fc1 flags (loweringFlags).
  std::vector<std::string> Flags;
};

/// Whether \p Path names a Fortran source, as gfortran and flang take them
/// (`.f`, `.f90`, `.F90`, `.f08`, `.for`, ...).
bool isFortranSource(llvm::StringRef Path);

/// \p Path made absolute against \p Base (the current directory when
/// empty), without `.` and `..`.
std::string normalizedPath(llvm::StringRef Path, llvm::StringRef Base = "");

/// The flags of \p Args (a compile command without the compiler) that
/// change what Flang lowers: -I, -D, -U (joined or with the value in the
/// next argument), -cpp, -nocpp, -ffixed-form, -ffree-form,
/// -ffixed-line-length=, -fdefault-*, -fimplicit-none, -fbackslash, -std=,
/// -fopenmp-version=; -J and -module-dir become -I: the build's modules are
/// read from there, never written.
std::vector<std::string> loweringFlags(llvm::ArrayRef<std::string> Args);

/// The Fortran entries of \p BuildDir/compile_commands.json in its order,
/// each file once; only those of \p Named (normalized paths) unless it is
/// empty.
llvm::Expected<std::vector<FortranUnit>>
loadFortranUnits(llvm::StringRef BuildDir, const std::set<std::string> &Named);

} // namespace fortran
} // namespace privateer

#endif // PRIVATEER_TOOLS_FORTRAN_COMPILEDATABASE_H
