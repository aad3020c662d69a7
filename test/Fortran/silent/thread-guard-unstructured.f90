! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' -verify-diagnostics %t.mlir -o /dev/null
! expected-no-diagnostics
! An IF construct with a DO WHILE or an EXIT inside is lowered to blocks
! (cf.cond_br), not fir.if: the guard still selects thread 1 for the blocks
! on its THEN side (MUMPS dfac_front_aux.F, where the other thread polls a
! flag), and the comparisons hold in the blocks they lead to.
subroutine guard_then_poll(base, lpos, lpos1)
  use omp_lib
  integer :: base, lpos, lpos1, k
!$omp parallel num_threads(2) shared(lpos, lpos1) private(k)
  if (omp_get_thread_num() .eq. 1) then
    lpos = base + 2
    lpos1 = base + 3
  else
    k = 0
    do while (k < 3)
      k = k + 1
    end do
  end if
!$omp end parallel
end subroutine

subroutine branch_then_exit(x, n)
  integer :: n, k, j
  real :: x(n)
!$omp parallel do private(j)
  do k = 1, n
    if (mod(k, 2) == 0) then
      x(k / 2) = k
      do j = 1, n
        if (j > 3) exit
      end do
    end if
  end do
!$omp end parallel do
end subroutine
