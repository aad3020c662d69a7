//===- KnownFunctions.cpp - Library functions the collector knows ---------===//
//
// Part of privateer.
//
//===----------------------------------------------------------------------===//

#include "privateer/Clang/CXX/KnownFunctions.h"

#include "privateer/Clang/CXX/RegionBuilder.h"

#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
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
  // The namespace that declares the callee, and the one the call names it
  // through: oneTBB declares current_thread_index() in tbb::detail::d1 and
  // brings it into tbb::this_task_arena with a using-declaration.
  const Decl *Declared = Call->getDirectCallee();
  const Decl *Named = Declared;
  if (const auto *DRE =
          dyn_cast<DeclRefExpr>(Call->getCallee()->IgnoreParenImpCasts()))
    if (const auto *Shadow = dyn_cast<UsingShadowDecl>(DRE->getFoundDecl()))
      Named = Shadow;
  for (const Decl *D : {Declared, Named}) {
    const auto *NS = dyn_cast_or_null<NamespaceDecl>(D->getDeclContext());
    if (!NS)
      continue;
#define QUALIFIED_FUNCTION(S, N, R)                                            \
  if (Name == #N && NS->getName() == #S)                                       \
    return R;
#include "KnownFunctions.def"
  }
  return 0;
}

KnownName knownName(StringRef Name) {
  return llvm::StringSwitch<KnownName>(Name)
#define KNOWN_NAME(Id, Spelling, Families) .Case(#Spelling, KnownName::Id)
#include "privateer/Clang/CXX/KnownNames.def"
      .Default(KnownName::Unlisted);
}

KnownName knownName(const NamedDecl *D) {
  return D && D->getIdentifier() ? knownName(D->getName())
                                 : KnownName::Unlisted;
}

unsigned nameFamilies(StringRef Name) {
  using namespace family;
  unsigned Families = llvm::StringSwitch<unsigned>(Name)
#define KNOWN_NAME(Id, Spelling, F) .Case(#Spelling, F)
#include "privateer/Clang/CXX/KnownNames.def"
                          .Default(0);
#define NAME_PREFIX(F, Spelling)                                               \
  if (Name.starts_with(#Spelling))                                             \
    Families |= F;
#define NAME_INFIX(F, Spelling)                                                \
  if (Name.contains(#Spelling))                                                \
    Families |= F;
#include "privateer/Clang/CXX/KnownNames.def"
  return Families;
}

} // namespace clangfe
} // namespace privateer
