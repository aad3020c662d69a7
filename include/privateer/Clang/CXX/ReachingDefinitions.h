//===- ReachingDefinitions.h - Which assignments reach a use ----*- C++ -*-===//
//
// Part of privateer. A reaching-definitions analysis over Clang's CFG of one
// function (or lambda) body, for the local integer variables whose every
// change is visible in that body: no address taken, no reference bound to
// them, no capture by reference. It answers, for one use of such a variable
// (a DeclRefExpr node), which of its definitions (the declaration's
// initializer, assignments, updates, the parameter's value on entry) can be
// the last one executed before the use. The index translator follows a
// single reaching definition to the value it assigns, so that
// `k = i * cols + j; c[k] = ...` reads as `c[i * cols + j]`.
//
// The CFG is the sequential reading of the code: an OpenMP directive's body
// is in it as code that runs once, in place. What the directive changes
// about a variable (a private copy starts undefined, a linear variable steps
// by itself) is the translator's business, not this analysis'.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_CLANG_CXX_REACHINGDEFINITIONS_H
#define PRIVATEER_CLANG_CXX_REACHINGDEFINITIONS_H

#include "clang/AST/Expr.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"

#include <memory>
#include <optional>
#include <vector>

namespace clang {
class ASTContext;
class CFG;
class Decl;
class CFGBlock;
class Stmt;
class VarDecl;
} // namespace clang

namespace privateer {
namespace clangfe {

/// One definition of a tracked variable.
struct Definition {
  enum class Kind {
    Entry,       ///< the value on entry: a parameter's argument (or nothing)
    Declaration, ///< `T v = e;` (Value e) or `T v;` (no Value: undefined)
    Assignment,  ///< `v = e` (Value e)
    Update,      ///< `v op= e`, `v++`: the old value combined with Value
                 ///< (null for ++ and --)
  };
  Kind K = Kind::Entry;
  const clang::VarDecl *Var = nullptr;
  /// The defining statement: a DeclStmt, a BinaryOperator or a
  /// UnaryOperator; null for Entry. (For a declaration among several in one
  /// statement, the DeclStmt as written, of which the CFG made a copy.)
  const clang::Stmt *At = nullptr;
  const clang::Expr *Value = nullptr;
  /// Update: the operator (BO_Add for `+=` and `++`, BO_Sub for `-=` and
  /// `--`, ...). Its left operand is UpdatedUse, the variable as read by
  /// the update itself.
  clang::BinaryOperatorKind Op = clang::BO_Add;
  const clang::DeclRefExpr *UpdatedUse = nullptr;
};

class ReachingDefinitions {
public:
  /// Analyses \p Body, the body of \p D (a function, a lambda's call
  /// operator). Nothing when no CFG can be built or the body is too large
  /// to analyse quickly.
  static std::unique_ptr<ReachingDefinitions>
  build(const clang::Decl *D, const clang::Stmt *Body, clang::ASTContext &Ctx);
  ~ReachingDefinitions();

  /// Whether \p V's definitions are all visible here.
  bool tracks(const clang::VarDecl *V) const { return Tracked.count(V); }
  /// Whether \p S is part of the analysed body.
  bool contains(const clang::Stmt *S) const;
  /// The definitions of the variable \p Use reads that can reach it; nothing
  /// when the variable is not tracked or the use is not in the body (or is
  /// in code the CFG leaves out, such as an unevaluated operand).
  std::optional<llvm::SmallVector<const Definition *, 4>>
  reaching(const clang::DeclRefExpr *Use) const;
  /// Every definition of \p V in the body, Entry included.
  llvm::SmallVector<const Definition *, 4>
  definitionsOf(const clang::VarDecl *V) const;
  /// The statements around \p S in the body, innermost first.
  llvm::SmallVector<const clang::Stmt *, 8>
  enclosingStatements(const clang::Stmt *S) const;
  /// The loop statements (for, while, do, range-for) around \p S in the
  /// body, innermost first.
  llvm::SmallVector<const clang::Stmt *, 4>
  enclosingLoops(const clang::Stmt *S) const;
  /// Whether \p Inner is \p Outer or inside it.
  bool isWithin(const clang::Stmt *Inner, const clang::Stmt *Outer) const;

private:
  ReachingDefinitions() = default;
  void collectTracked(const clang::Decl *D);
  void collectDefinitions();
  void solve();

  std::unique_ptr<clang::CFG> Graph;
  /// The CFG's blocks by id.
  std::vector<const clang::CFGBlock *> Blocks;
  /// Each statement of the body (directives' code included) and its parent.
  llvm::DenseMap<const clang::Stmt *, const clang::Stmt *> Parent;
  llvm::SmallPtrSet<const clang::VarDecl *, 32> Tracked;
  std::vector<Definition> Defs;
  llvm::DenseMap<const clang::VarDecl *, llvm::SmallVector<unsigned, 4>>
      DefsOfVar;
  /// For each CFG element that defines a tracked variable: the
  /// definition's index.
  llvm::DenseMap<const clang::Stmt *, unsigned> DefAt;
  /// Where each use of a tracked variable is: CFG block id, element index.
  llvm::DenseMap<const clang::DeclRefExpr *, std::pair<unsigned, unsigned>>
      UseAt;
  /// Reaching definitions at each block's entry (bit = definition index).
  std::vector<llvm::BitVector> In;
};

} // namespace clangfe
} // namespace privateer

#endif // PRIVATEER_CLANG_CXX_REACHINGDEFINITIONS_H
