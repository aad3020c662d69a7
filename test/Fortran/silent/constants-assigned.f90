! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' -verify-diagnostics %t.mlir -o /dev/null
! expected-no-diagnostics
! Sizes assigned before the loop: the read half never meets the written one.
program constants_assigned
  implicit none
  integer :: n, m, i
  real :: a(400)
  n = 100
  m = 200
  a = 1.0
  !$omp parallel do
  do i = 1, n
    a(i) = a(i + m) * 2.0
  end do
  !$omp end parallel do
  print *, a(1)
end program
