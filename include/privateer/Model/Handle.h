//===- Handle.h - Front-end nodes the model refers to -----------*- C++ -*-===//
//
// Part of privateer. A model entity keeps the node the front end built it
// from (a Clang declaration or statement, an MLIR value or operation), so
// that a fix starts from the node, never from a name. The core only stores,
// copies and compares handles; each front end wraps its own nodes and reads
// them back in one place (clangfe's Handles.h, lib/MLIR's RegionBuilder).
// The tag keeps handles of different entities apart: a construct's handle
// cannot be passed where a buffer's is expected, and no handle converts to
// or from an untyped pointer.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_MODEL_HANDLE_H
#define PRIVATEER_MODEL_HANDLE_H

#include <functional>

namespace privateer {

/// A front end's node for a model entity of kind \p Tag (an incomplete type
/// that is never defined): opaque to the core.
template <typename Tag> class Handle {
public:
  Handle() = default;

  /// Wraps \p N, a node of the one type a front end uses for this kind of
  /// entity.
  template <typename Node> static Handle of(const Node *N) {
    Handle H;
    H.Node = reinterpret_cast<const Tag *>(N);
    return H;
  }
  /// The node this handle wraps; \p Node must be the type it was wrapped as.
  template <typename Node> const Node *get() const {
    return reinterpret_cast<const Node *>(this->Node);
  }

  explicit operator bool() const { return Node != nullptr; }
  friend bool operator==(Handle A, Handle B) { return A.Node == B.Node; }
  friend bool operator!=(Handle A, Handle B) { return A.Node != B.Node; }
  /// An order for sets and maps (not a source order).
  friend bool operator<(Handle A, Handle B) {
    return std::less<const Tag *>()(A.Node, B.Node);
  }

private:
  const Tag *Node = nullptr;
};

/// The node of a memory object: a clang::ValueDecl, an mlir::Value's
/// implementation.
using BufferHandle = Handle<struct BufferNode>;
/// The node of a construct: a clang::Stmt (an OpenMP directive, a call of a
/// TBB algorithm), an mlir::Operation.
using ConstructHandle = Handle<struct ConstructNode>;

} // namespace privateer

#endif // PRIVATEER_MODEL_HANDLE_H
