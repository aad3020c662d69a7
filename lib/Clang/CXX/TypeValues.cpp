//===- TypeValues.cpp - What C and C++ types say of values ----------------===//
//
// Part of privateer. Type sizes, integer type ranges (an enumeration's as
// C++ defines it for one without a fixed type: the smallest bit-field that
// holds its enumerators), and integer constants and constant tables read
// through Clang's constant evaluator.
//
//===----------------------------------------------------------------------===//

#include "TypeValues.h"

#include "clang/AST/APValue.h"
#include "clang/AST/Decl.h"

using namespace clang;

namespace privateer {
namespace clangfe {

uint64_t sizeOf(const ASTContext &Ctx, QualType T) {
  T = T.getNonReferenceType();
  if (T.isNull() || T->isIncompleteType() || T->isDependentType() ||
      T->isFunctionType() || T->isVoidType() || T->isSizelessType())
    return 0;
  return Ctx.getTypeSizeInChars(T).getQuantity();
}

std::optional<int64_t> evaluateInt(const clang::Expr *E,
                                   const ASTContext &Ctx) {
  if (E->isValueDependent() || E->isTypeDependent() || E->containsErrors())
    return std::nullopt;
  clang::Expr::EvalResult Res;
  if (!E->EvaluateAsInt(Res, Ctx))
    return std::nullopt;
  const llvm::APSInt &V = Res.Val.getInt();
  if (V.getSignificantBits() > 64)
    return std::nullopt;
  return V.getExtValue();
}

namespace {

std::optional<TypeBounds> bitRange(unsigned Bits, bool Signed) {
  if (Bits == 0 || Bits > 64)
    return std::nullopt;
  TypeBounds B;
  if (Signed) {
    B.Min = Bits == 64 ? INT64_MIN : -(int64_t(1) << (Bits - 1));
    B.Max = Bits == 64 ? INT64_MAX : (int64_t(1) << (Bits - 1)) - 1;
  } else {
    B.Min = 0;
    if (Bits < 64)
      B.Max = (int64_t(1) << Bits) - 1;
  }
  return B;
}

} // namespace

std::optional<TypeBounds> typeBounds(const ASTContext &Ctx, QualType T) {
  T = T.getCanonicalType().getUnqualifiedType();
  if (T->isBooleanType())
    return TypeBounds{0, 1};
  if (const auto *ET = T->getAs<EnumType>()) {
    const EnumDecl *ED = ET->getDecl()->getDefinition();
    if (!ED)
      return std::nullopt;
    if (ED->isFixed())
      return typeBounds(Ctx, ED->getIntegerType());
    // The values of the smallest bit-field that holds every enumerator.
    unsigned Positive = ED->getNumPositiveBits();
    unsigned Negative = ED->getNumNegativeBits();
    if (Negative == 0)
      return bitRange(std::max(Positive, 1u), /*Signed=*/false);
    return bitRange(std::max(Positive + 1, Negative), /*Signed=*/true);
  }
  if (!T->isIntegerType())
    return std::nullopt;
  return bitRange(Ctx.getIntWidth(T), T->isSignedIntegerType());
}

bool conversionMayChangeValue(const ASTContext &Ctx, QualType From,
                              QualType To) {
  auto F = typeBounds(Ctx, From), T = typeBounds(Ctx, To);
  if (!F || !T)
    return false;
  if (F->Min < T->Min)
    return true;
  // A 64-bit unsigned type holds every value an int64_t holds.
  if (!T->Max)
    return false;
  return !F->Max || *F->Max > *T->Max;
}

std::optional<std::vector<int64_t>> constantTableContents(const ASTContext &Ctx,
                                                          const VarDecl *V,
                                                          bool RequireConst) {
  if (!V || !V->hasInit() || V->getType().isVolatileQualified())
    return std::nullopt;
  const auto *AT = Ctx.getAsConstantArrayType(V->getType());
  if (!AT || (RequireConst && !AT->getElementType().isConstQualified()) ||
      AT->getElementType().isVolatileQualified() ||
      !AT->getElementType()->isIntegralOrEnumerationType() ||
      AT->getElementType()->isDependentType() ||
      AT->getSize().ugt(MaxTableLength) || AT->getSize() == 0)
    return std::nullopt;
  const APValue *Value = V->evaluateValue();
  if (!Value || !Value->isArray())
    return std::nullopt;
  size_t Length = AT->getSize().getZExtValue();
  std::vector<int64_t> Out;
  Out.reserve(Length);
  for (size_t K = 0; K < Length; ++K) {
    if (K >= Value->getArrayInitializedElts() && !Value->hasArrayFiller())
      return std::nullopt;
    const APValue &E = K < Value->getArrayInitializedElts()
                           ? Value->getArrayInitializedElt(K)
                           : Value->getArrayFiller();
    if (!E.isInt() || E.getInt().getSignificantBits() > 64)
      return std::nullopt;
    Out.push_back(E.getInt().getExtValue());
  }
  return Out;
}

} // namespace clangfe
} // namespace privateer
