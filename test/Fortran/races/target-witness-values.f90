! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' %t.mlir -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=%arg
! In a target region the loop bounds are what the host evaluates
! (host_eval): witnesses name iterations of the loop (from 1 and 2, not 0)
! and the sizes the program names, never Flang's block arguments.
subroutine target_scratch(n, a, b)
  integer :: n, i
  real :: a(n), b(n), t
  !$omp target teams distribute parallel do map(to: a) map(from: b)
  do i = 1, n
    t = a(i) * 2.0
    b(i) = t
  end do
end subroutine
! CHECK: target-witness-values.f90:11:5: warning: shared buffer 't' is scratch that every iteration overwrites; iterations on different threads race on it [privateer-shared-buffer]
! CHECK: target-witness-values.f90:11:5: note: iterations i=1 and i=2 both write 't'

subroutine target_shift(n, m, a)
  integer :: n, m, i
  real :: a(n + m)
  !$omp target teams distribute parallel do map(tofrom: a)
  do i = 2, n
    a(i) = a(i + m) + 1.0
  end do
end subroutine
! CHECK: target-witness-values.f90:23:5: warning: 'a' is written by one iteration and read by another: the loop carries a dependence and is not parallel as written [privateer-shared-buffer]
! CHECK: target-witness-values.f90:23:5: note: iteration i=2 reads 'a[i + m]' here while iteration i=3 writes 'a[i]': both access 'a[3]' (with n=3, m=1){{$}}
