//===- Printer.cpp - Text form of the model -------------------------------===//
//
// Part of privateer.
//
//===----------------------------------------------------------------------===//

#include "privateer/Model/Printer.h"

#include <sstream>

namespace privateer {

namespace {
const char *name(SymbolKind K) {
  switch (K) {
  case SymbolKind::Induction:
    return "induction";
  case SymbolKind::ThreadId:
    return "thread-id";
  case SymbolKind::InnerLoop:
    return "inner-loop";
  case SymbolKind::Invariant:
    return "invariant";
  case SymbolKind::Opaque:
    return "opaque";
  }
  return "?";
}

const char *name(Sharing S) {
  switch (S) {
  case Sharing::Shared:
    return "shared";
  case Sharing::Private:
    return "private";
  case Sharing::FirstPrivate:
    return "firstprivate";
  case Sharing::LastPrivate:
    return "lastprivate";
  case Sharing::Reduction:
    return "reduction";
  case Sharing::Linear:
    return "linear";
  case Sharing::ThreadPrivate:
    return "threadprivate";
  }
  return "?";
}

const char *name(AccessKind K) {
  switch (K) {
  case AccessKind::Read:
    return "read";
  case AccessKind::Write:
    return "write";
  case AccessKind::ReadModifyWrite:
    return "update";
  }
  return "?";
}

const char *name(Comparison C) {
  switch (C) {
  case Comparison::EQ:
    return "==";
  case Comparison::NE:
    return "!=";
  case Comparison::LT:
    return "<";
  case Comparison::LE:
    return "<=";
  case Comparison::GT:
    return ">";
  case Comparison::GE:
    return ">=";
  }
  return "?";
}

std::string print(const ParallelRegion &R, const Condition &C) {
  return R.print(*C.Lhs) + " " + name(C.Op) + " " + R.print(*C.Rhs);
}
} // namespace

std::string dump(const ParallelRegion &R) {
  std::ostringstream OS;
  OS << "region '" << R.Construct << "' (" << describe(R.Kind) << ")\n";
  for (size_t S = 0; S < R.Symbols.size(); ++S) {
    const Symbol &Sym = R.Symbols[S];
    OS << "  symbol " << Sym.Name << ": " << name(Sym.Kind);
    if (R.isWorkItemVar(SymbolId(S)))
      OS << " work-item";
    if (Sym.Min)
      OS << " min=" << R.print(*Sym.Min);
    if (Sym.Max)
      OS << " max=" << R.print(*Sym.Max);
    if (Sym.Step != 1)
      OS << " step=" << Sym.Step;
    if (Sym.RuntimeStep)
      OS << " step=" << R.print(*Sym.RuntimeStep);
    if (Sym.Kind == SymbolKind::Opaque && !Sym.IterationDependent)
      OS << " same-for-all";
    OS << "\n";
  }
  if (R.TeamSize)
    OS << "  team size " << R.symbol(*R.TeamSize).Name << "\n";
  for (const Condition &C : R.Facts)
    OS << "  fact " << print(R, C) << "\n";
  for (const Condition &C : R.Stated)
    OS << "  stated " << print(R, C) << "\n";
  for (const Buffer &B : R.Buffers)
    OS << "  buffer " << (B.Kind == BufferKind::Pointee ? "*" : "") << B.Name
       << ": " << name(B.Attr) << "\n";
  for (const Access &A : R.Accesses) {
    const Buffer &B = R.Buffers[A.BufferIndex];
    OS << "  access #" << A.Order << " " << name(A.Kind) << " "
       << (B.Kind == BufferKind::Pointee ? "*" : "") << B.Name;
    for (const ExprRef &I : A.Index)
      OS << "[" << R.print(*I) << "]";
    if (A.WholeBuffer)
      OS << " whole";
    if (A.RangeLength)
      OS << " range=" << R.print(*A.RangeLength);
    if (A.Protection != Guard::None)
      OS << " protected";
    if (A.Conditional)
      OS << " conditional";
    if (A.SingleWorkItem)
      OS << " single-item";
    if (A.PinnedItem)
      OS << " item=" << R.print(*A.PinnedItem);
    if (A.ResultUsed)
      OS << " result-used";
    if (A.Section)
      OS << " section=" << A.Section;
    for (const Condition &C : A.Conditions)
      OS << (C.Stated ? " assume(" : " if(") << print(R, C) << ")";
    OS << "  `" << A.Spelling << "`\n";
  }
  return OS.str();
}

} // namespace privateer
