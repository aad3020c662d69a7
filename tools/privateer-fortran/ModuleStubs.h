//===- ModuleStubs.h - Modules Flang cannot read, as stubs -------*- C++
//-*-===//
//
// Part of privateer. Debian's module files are gfortran's (MPI, PnetCDF,
// NetCDF, HDF5, and every module of a project built with gfortran), and
// Flang cannot read them: `USE mpi` stopped the whole file. Before a file
// is lowered, the modules it uses are looked up as Flang looks them up;
// for each one Flang could not read, a stub module of the same name is
// compiled by Flang into a directory of its own, searched first:
//
// - from a gfortran module file (gzip'd or not), the stub declares the
//   module's public names as gfortran wrote them: named constants with
//   their values, variables with their types and shapes (unknown values),
//   procedures as external ones of their types, which privateer treats as
//   calls it cannot see;
// - from any other file (or none), the stub declares nothing: names the
//   file takes from it are then undeclared, and a file that needs them
//   cannot be lowered, which privateer-fortran says.
//
// Derived types are not declared (a file that uses one cannot be lowered).
// The stubs exist only for the analysis: nothing is written into the
// build.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_TOOLS_FORTRAN_MODULESTUBS_H
#define PRIVATEER_TOOLS_FORTRAN_MODULESTUBS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace privateer {
namespace fortran {

/// A module a source file uses, and where it says so.
struct ModuleUse {
  /// Lower case, as Flang names module files.
  std::string Name;
  unsigned Line = 0, Column = 0;
};

/// The modules \p Source uses (`use m`, `use :: m`, `use, non_intrinsic ::
/// m`; not `use, intrinsic :: m`, nor a module the source defines), each
/// once, in the order they first appear. \p FixedForm: fixed-form source
/// (comments in column 1).
std::vector<ModuleUse> moduleUses(llvm::StringRef Source, bool FixedForm);

/// What Flang makes of a module file.
enum class ModuleFileKind { Flang, GFortran, Other };

/// The kind of the module file whose contents are \p Contents.
ModuleFileKind moduleFileKind(llvm::StringRef Contents);

/// The source of a stub module \p Name declaring the public names of the
/// gfortran module file \p Contents (gzip'd or plain); none, with \p Why
/// set, when it cannot be read. \p Declared counts the names declared.
std::optional<std::string> stubFromGFortran(llvm::StringRef Name,
                                            llvm::StringRef Contents,
                                            unsigned &Declared,
                                            std::string &Why);

/// A module the file uses that Flang could not read, and its stub.
struct StubbedModule {
  ModuleUse Use;
  /// The file Flang would have read (empty: none was found).
  std::string Path;
  /// What the file is: "a gfortran module file", "not a module file
  /// Flang can read", "not found".
  std::string What;
  /// The module whose (Flang) module file uses this one, when the source
  /// file does not use it itself.
  std::string Via;
  /// Names the stub declares (from a gfortran file).
  unsigned Declared = 0;
  /// The directory that holds the stub's module file: searched first.
  std::string StubDir;
};

/// Stubs for the modules \p File (its text, \p Source) uses that Flang
/// cannot read, looked up as Flang does: in the current directory (when
/// \p SearchCurrentDir), then in \p SearchDirs in order. Each stub is
/// compiled (by Flang) under \p StubRoot, once per module file.
std::vector<StubbedModule>
stubUnreadableModules(llvm::StringRef File, llvm::StringRef Source,
                      bool FixedForm, llvm::ArrayRef<std::string> SearchDirs,
                      llvm::StringRef StubRoot, bool SearchCurrentDir);

/// The note said once per file for \p S: what privateer-fortran does
/// instead of reading the module.
std::string stubNote(const StubbedModule &S);

} // namespace fortran
} // namespace privateer

#endif // PRIVATEER_TOOLS_FORTRAN_MODULESTUBS_H
