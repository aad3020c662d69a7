! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' %t.mlir -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=warning:
! MUMPS dsol_omp_m.F's error flag: written in a critical section, read
! outside it, in a region whose threads take their next task from a counter
! with `atomic capture`. Taking a ticket is not polling a flag: the race on
! the error flag is still reported.
subroutine tickets(info, n, work, ntasks, next_task)
  use omp_lib
  integer :: info(2), n, info_p(2), ntasks, next_task, task
  real :: work(n)
!$omp parallel private(info_p, task)
  info_p(1) = 0
  task = omp_get_thread_num()
600 continue
  if (task < ntasks) then
    call external_work(work, task, info_p)
    if (info_p(1) < 0) then
!$omp critical(critical_info)
      info(1) = info_p(1)
!$omp end critical(critical_info)
    end if
    if (info(1) < 0) goto 50
!$omp atomic capture
    task = next_task
    next_task = next_task + 1
!$omp end atomic
    goto 600
  end if
50 continue
!$omp end parallel
end subroutine
! CHECK: critical-one-side-ticket.f90:22:5: warning: 'info' is written in a critical section but read outside it: that access races with the writes of other threads [privateer-shared-buffer]
