! race: yes
! A flush does not make concurrent writes of one variable safe.
module setter_mod
contains
  subroutine setq(q)
    integer :: q
    q = 1
  end subroutine
end module
program flush_not_sync
  use setter_mod
  implicit none
  integer :: q, total
  total = 0
  q = 0
  !$omp parallel reduction(+:total) num_threads(4)
  call setq(q)
  !$omp flush
  total = total + q
  !$omp end parallel
  print *, total
end program
