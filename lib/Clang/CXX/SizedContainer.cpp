//===- SizedContainer.cpp - A container made again in place ---------------===//
//
// Part of privateer. See SizedContainer.h.
//
//===----------------------------------------------------------------------===//

#include "privateer/Clang/CXX/SizedContainer.h"

#include "privateer/Clang/CXX/Edits/EditBuilder.h"
#include "privateer/Clang/CXX/KnownTypes.h"

#include "clang/AST/DeclTemplate.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace privateer {
namespace clangfe {

std::string spellType(QualType T, ASTContext &Ctx) {
  if (const auto *TT = T->getAs<TypedefType>())
    if (TT->getDecl()->getDeclContext()->isRecord())
      T = T.getCanonicalType();
  return T.getAsString(Ctx.getPrintingPolicy());
}

std::string writtenType(const VarDecl *V, ASTContext &Ctx) {
  std::string Text;
  if (const TypeSourceInfo *TSI = V->getTypeSourceInfo())
    Text = Lexer::getSourceText(CharSourceRange::getTokenRange(
                                    TSI->getTypeLoc().getSourceRange()),
                                Ctx.getSourceManager(), Ctx.getLangOpts())
               .str();
  if (Text.empty() || Text == "auto")
    Text = spellType(V->getType().getUnqualifiedType(), Ctx);
  return Text;
}

std::optional<SizedContainer> sizedContainer(const VarDecl *V,
                                             const CXXConstructExpr *Construct,
                                             ASTContext &Ctx,
                                             std::string &WhyNot) {
  QualType T = V->getType();
  const auto *RD = T->getAsCXXRecordDecl();
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(RD);
  KnownType Class = knownType(RD);
  if (!Spec || !RD->isInStdNamespace() ||
      (Class != KnownType::Vector && Class != KnownType::BasicString) ||
      T.isConstQualified() || T->isReferenceType()) {
    WhyNot = "only a std::vector or std::string sized at its construction is "
             "reused";
    return std::nullopt;
  }
  // (n) or (n, x): a count, then maybe a value; not a copy, an iterator
  // range or a list.
  unsigned Args = Construct->getNumArgs();
  while (Args && isa<CXXDefaultArgExpr>(Construct->getArg(Args - 1)))
    --Args;
  const clang::Expr *Count = Args ? Construct->getArg(0) : nullptr;
  if (Construct->isListInitialization() || (Args != 1 && Args != 2) ||
      !Count->getType()->isIntegerType()) {
    WhyNot = "the container is not made as (count) or (count, value)";
    return std::nullopt;
  }
  const auto &TArgs = Spec->getTemplateArgs();
  QualType Element = TArgs.size() ? TArgs[0].getAsType() : QualType();
  if (Args == 1 && (Element.isNull() || !Element->isScalarType())) {
    WhyNot = "the elements are not plain values that T() makes again";
    return std::nullopt;
  }
  // The element's T() is spelled for one instance of a template.
  if (const char *Why = EditBuilder::typesRefusal(
          dyn_cast<FunctionDecl>(V->getDeclContext()))) {
    WhyNot = Why;
    return std::nullopt;
  }
  auto Text = [&](const clang::Expr *E) {
    return Lexer::getSourceText(
               CharSourceRange::getTokenRange(E->getSourceRange()),
               Ctx.getSourceManager(), Ctx.getLangOpts())
        .str();
  };
  SizedContainer S;
  S.Count = Count;
  S.CountText = Text(Count);
  S.Value = Args == 2 ? Construct->getArg(1) : nullptr;
  S.ValueText =
      Args == 2 ? Text(Construct->getArg(1)) : spellType(Element, Ctx) + "()";
  S.Element = Element;
  return S;
}

} // namespace clangfe
} // namespace privateer
