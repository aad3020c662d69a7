! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' %t.mlir -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=warning:
! A simd loop sums into a scalar without a reduction.
subroutine simd_accumulate(a, n, s)
  integer :: n, i
  real :: a(n), s
  !$omp simd
  do i = 1, n
    s = s + a(i) * a(i)
  end do
end subroutine
! CHECK: simd-accumulate.f90:9:5: warning: 's' is updated by every SIMD lane without a reduction; concurrent updates are lost [privateer-shared-buffer]
! CHECK: simd-accumulate.f90:6:17: note: 's' is declared here, outside the SIMD loop, so all SIMD lanes share it
! CHECK: simd-accumulate.f90:9:5: note: iterations i=1 and i=2 both update 's'
