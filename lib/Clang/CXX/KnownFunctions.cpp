//===- KnownFunctions.cpp - Library functions the collector knows ---------===//
//
// Part of privateer.
//
//===----------------------------------------------------------------------===//

#include "KnownFunctions.h"

#include "privateer/Clang/CXX/RegionBuilder.h"

#include "clang/AST/Decl.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;

namespace privateer {
namespace clangfe {

unsigned knownRoles(const CallExpr *Call) {
  StringRef Name = calleeName(Call);
  if (Name.empty())
    return 0;
  unsigned Roles = llvm::StringSwitch<unsigned>(Name)
#define KNOWN_FUNCTION(N, R) .Case(#N, R)
#include "KnownFunctions.def"
                       .Default(0);
  if (Roles)
    return Roles;
  const auto *NS = dyn_cast_or_null<NamespaceDecl>(
      Call->getDirectCallee()->getDeclContext());
  if (!NS)
    return 0;
#define QUALIFIED_FUNCTION(S, N, R)                                            \
  if (Name == #N && NS->getName() == #S)                                       \
    return R;
#include "KnownFunctions.def"
  return 0;
}

} // namespace clangfe
} // namespace privateer
