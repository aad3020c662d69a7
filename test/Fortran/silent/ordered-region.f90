! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' -verify-diagnostics %t.mlir -o /dev/null
! expected-no-diagnostics
! The shared position is used only inside the ordered region.
subroutine ordered_region(seq, n)
  integer :: n, i, pos
  integer :: seq(n)
  pos = 0
  !$omp parallel do ordered
  do i = 1, n
    !$omp ordered
    pos = pos + 1
    seq(pos) = i
    !$omp end ordered
  end do
  !$omp end parallel do
end subroutine
