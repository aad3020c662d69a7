//===- TBBSemantics.h - Sharing by capture for one TBB unit -----*- C++ -*-===//
//
// Part of privateer. What the C and C++ collector asks TBB about one unit of
// work: a variable the body captures by reference (or a member of `this`)
// is shared by all work items; a by-copy capture is the body object's own
// copy (the pointee of a copied pointer stays shared: the collector keeps
// pointees apart); what the body declares, and its parameters, belong to one
// work item (or one chunk); a functor's members are copied with it. A TBB
// algorithm nested in a work item is a point where the waiting thread may
// run other work items of the same construct.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_CLANG_TBB_TBBSEMANTICS_H
#define PRIVATEER_CLANG_TBB_TBBSEMANTICS_H

#include "Constructs.h"

#include "privateer/Clang/CXX/ConstructSemantics.h"

#include "clang/AST/ASTContext.h"

namespace privateer {
namespace clangfe {

class TBBSemantics : public ConstructSemantics {
public:
  TBBSemantics(clang::ASTContext &Ctx, const TBBConstruct &C)
      : Ctx(Ctx), C(C) {}

  Sharing sharingOf(const clang::VarDecl *V, DeclScope Where) const override;
  Sharing sharingOfField(const clang::FieldDecl *F) const override;
  bool namedByConstruct(const clang::ValueDecl *) const override {
    return false;
  }
  bool orderedOn(const clang::ValueDecl *) const override { return false; }
  bool privatizedByNestedConstruct(const clang::ValueDecl *) const override {
    return false;
  }
  bool visitNested(const clang::Stmt *S, NestedCodeVisitor &Visitor) override;

private:
  /// Whether \p V is declared in a body (a local or a parameter of its call
  /// operator, an init-capture), at any depth.
  bool declaredInBody(const clang::VarDecl *V) const;

  clang::ASTContext &Ctx;
  const TBBConstruct &C;
};

} // namespace clangfe
} // namespace privateer

#endif // PRIVATEER_CLANG_TBB_TBBSEMANTICS_H
