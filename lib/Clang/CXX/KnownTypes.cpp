//===- KnownTypes.cpp - Library types the front end knows -----------------===//
//
// Part of privateer. The lookups of KnownTypes.def.
//
//===----------------------------------------------------------------------===//

#include "privateer/Clang/CXX/KnownTypes.h"

#include "clang/AST/Decl.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;
using llvm::StringRef;

namespace privateer {
namespace clangfe {

KnownType knownType(StringRef Name) {
  return llvm::StringSwitch<KnownType>(Name)
#define KNOWN_TYPE(Id, Spelling, Families) .Case(#Spelling, KnownType::Id)
#include "privateer/Clang/CXX/KnownTypes.def"
      .Default(KnownType::Unlisted);
}

KnownType knownType(const NamedDecl *D) {
  return D && D->getIdentifier() ? knownType(D->getName())
                                 : KnownType::Unlisted;
}

unsigned typeFamilies(StringRef Name) {
  using namespace typefamily;
  unsigned Families = llvm::StringSwitch<unsigned>(Name)
#define KNOWN_TYPE(Id, Spelling, F) .Case(#Spelling, F)
#include "privateer/Clang/CXX/KnownTypes.def"
                          .Default(0);
#define TYPE_PREFIX(F, Spelling)                                               \
  if (Name.starts_with(#Spelling))                                             \
    Families |= F;
#include "privateer/Clang/CXX/KnownTypes.def"
  return Families;
}

unsigned typeFamilies(const NamedDecl *D) {
  return D && D->getIdentifier() ? typeFamilies(D->getName()) : 0;
}

} // namespace clangfe
} // namespace privateer
